// SPDX-License-Identifier: GPL-2.0
/*
 * xdp-load OBJECT PINDIR: load every program of a BPF object with libbpf
 * and pin each as PINDIR/ice_<program name>, where the Rx ring emulator
 * takes it (scenario option "xdp").  Linked statically: it runs in the
 * busybox initramfs of tests/rxemu/run-vm, which has no libc.
 */
#include <stdio.h>
#include <string.h>
#include <bpf/libbpf.h>

int main(int argc, char **argv)
{
	struct bpf_program *prog;
	struct bpf_object *obj;
	char path[256];
	int err, n = 0;

	if (argc != 3) {
		fprintf(stderr, "usage: xdp-load OBJECT PINDIR\n");
		return 2;
	}
	libbpf_set_strict_mode(LIBBPF_STRICT_ALL);
	obj = bpf_object__open_file(argv[1], NULL);
	if (!obj) {
		fprintf(stderr, "xdp-load: cannot open %s\n", argv[1]);
		return 1;
	}
	err = bpf_object__load(obj);
	if (err) {
		fprintf(stderr, "xdp-load: the kernel refused %s: %s\n",
			argv[1], strerror(-err));
		return 1;
	}
	bpf_object__for_each_program(prog, obj) {
		snprintf(path, sizeof(path), "%s/ice_%s", argv[2],
			 bpf_program__name(prog));
		err = bpf_program__pin(prog, path);
		if (err) {
			fprintf(stderr, "xdp-load: cannot pin %s: %s\n", path,
				strerror(-err));
			return 1;
		}
		printf("xdp-load: pinned %s\n", path);
		n++;
	}
	printf("xdp-load: %d programs of %s\n", n, argv[1]);
	return n ? 0 : 1;
}
