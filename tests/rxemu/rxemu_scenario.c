// SPDX-License-Identifier: GPL-2.0
/*
 * Rx ring emulator: the scenario parser and the fuzz generator.
 * The format is documented in README.txt; this file is its reference.
 * Included by ice_txrx_selftest.c, never compiled on its own.
 */

#define RXEMU_MAX_TOKENS	(RXEMU_MAX_BUFS + 8)

static void rxemu_cfg_defaults(struct rxemu_cfg *cfg)
{
	memset(cfg, 0, sizeof(*cfg));
	strscpy(cfg->name, "unnamed", sizeof(cfg->name));
	cfg->ring = 64;
	cfg->rx_buf_len = ICE_RXBUF_3072;
	cfg->build_skb = true;
	cfg->budget = 64;
	cfg->batch = 16;
	cfg->xsk_frames = 1024;
	cfg->xsk_rx_ring = RXEMU_XSK_RING;
}

/* What the hardware may write into one buffer: rx_buf_len in 128-byte units
 * (the dbuf field of the queue context, see ice_setup_rx_ctx()).
 */
static u32 rxemu_dbuf(const struct rxemu_cfg *cfg)
{
	return ALIGN(cfg->rx_buf_len, BIT(ICE_RLAN_CTX_DBUF_S));
}

static u32 rxemu_frame_sz(const struct rxemu_cfg *cfg)
{
	u32 order = 0;

#if (PAGE_SIZE < 8192)
	if (cfg->rx_buf_len > PAGE_SIZE / 2)
		order = 1;
	return (PAGE_SIZE << order) / 2;
#else
	return cfg->rx_buf_len;
#endif
}

static int rxemu_u32(const char *s, u32 min, u32 max, u32 *out)
{
	u32 v;

	if (kstrtou32(s, 10, &v) || v < min || v > max)
		return -EINVAL;
	*out = v;
	return 0;
}

static int rxemu_add_step(struct rxemu_scenario *scn, const struct rxemu_step *st)
{
	if (scn->nsteps == scn->cap) {
		unsigned int cap = scn->cap ? scn->cap * 2 : 64;
		struct rxemu_step *n;

		n = kvcalloc(cap, sizeof(*n), GFP_KERNEL);
		if (!n)
			return -ENOMEM;
		if (scn->steps)
			memcpy(n, scn->steps, scn->nsteps * sizeof(*n));
		kvfree(scn->steps);
		scn->steps = n;
		scn->cap = cap;
	}
	scn->steps[scn->nsteps++] = *st;
	return 0;
}

static const char * const rxemu_outcome_name[] = {
	[RXEMU_PASS] = "pass",
	[RXEMU_DROP] = "drop",
	[RXEMU_TX] = "tx",
	[RXEMU_REDIRECT] = "redirect",
};

static int rxemu_outcome(const char *t)
{
	unsigned int i;

	for (i = 0; i < ARRAY_SIZE(rxemu_outcome_name); i++)
		if (!strcmp(t, rxemu_outcome_name[i]))
			return i;
	return -1;
}

/* A frame line: SIZE... pass|drop|tx|redirect [rxe] [trim] [split=K|cut=K]
 * [xN].
 */
static int rxemu_parse_frame(const struct rxemu_cfg *cfg, char **tok, int ntok,
			     struct rxemu_step *st, char *err, size_t errlen)
{
	u32 dbuf = rxemu_dbuf(cfg), total = 0;
	bool have_outcome = false;
	int i;

	memset(st, 0, sizeof(*st));
	st->kind = RXEMU_STEP_FRAME;
	st->repeat = 1;
	for (i = 0; i < ntok; i++) {
		char *t = tok[i], *star;
		u32 v, k, j;

		if (have_outcome) {
			if (!strcmp(t, "rxe")) {
				st->rxe = true;
			} else if (!strcmp(t, "trim")) {
				st->trim = true;
			} else if (!strncmp(t, "split=", 6)) {
				if (rxemu_u32(t + 6, 1, RXEMU_MAX_BUFS, &v))
					goto bad_word;
				st->split = v;
			} else if (!strncmp(t, "cut=", 4)) {
				if (rxemu_u32(t + 4, 1, RXEMU_MAX_BUFS, &v))
					goto bad_word;
				st->cut = v;
			} else if (t[0] == 'x' && t[1]) {
				if (rxemu_u32(t + 1, 1, 10000000, &v))
					goto bad_word;
				st->repeat = v;
			} else {
				goto bad_word;
			}
			continue;
		}
		if (rxemu_outcome(t) >= 0) {
			st->outcome = rxemu_outcome(t);
			have_outcome = true;
			continue;
		}
		k = 1;
		star = strchr(t, '*');
		if (star) {
			*star = '\0';
			if (rxemu_u32(star + 1, 1, RXEMU_MAX_BUFS, &k)) {
				*star = '*';
				goto bad_word;
			}
		}
		if (rxemu_u32(t, 0, 65535, &v)) {
			if (star)
				*star = '*';
			goto bad_word;
		}
		if (v > dbuf) {
			snprintf(err, errlen,
				 "buffer size %u exceeds what the hardware writes into one buffer (%u for rx_buf_len %u)",
				 v, dbuf, cfg->rx_buf_len);
			return -EINVAL;
		}
		if (st->nbufs + k > RXEMU_MAX_BUFS) {
			snprintf(err, errlen, "more than %d buffers in one frame",
				 RXEMU_MAX_BUFS);
			return -EINVAL;
		}
		for (j = 0; j < k; j++)
			st->size[st->nbufs++] = v;
		total += v * k;
	}
	if (!st->nbufs) {
		snprintf(err, errlen, "a frame line needs buffer sizes");
		return -EINVAL;
	}
	if (!have_outcome) {
		snprintf(err, errlen,
			 "a frame line ends with its outcome: pass, drop, tx or redirect");
		return -EINVAL;
	}
	if (st->size[0] < ETH_HLEN) {
		snprintf(err, errlen,
			 "the first buffer must hold the Ethernet header (>= %d bytes); zero-length descriptors may follow it",
			 ETH_HLEN);
		return -EINVAL;
	}
	if (total < ETH_ZLEN || total > RXEMU_MAX_FRAME) {
		snprintf(err, errlen, "frame length %u is outside %d..%d",
			 total, ETH_ZLEN, RXEMU_MAX_FRAME);
		return -EINVAL;
	}
	if (st->nbufs + 16 > cfg->ring) {
		snprintf(err, errlen,
			 "%u buffers cannot be in flight on a ring of %u (at most ring - 16)",
			 st->nbufs, cfg->ring);
		return -EINVAL;
	}
	if (st->trim && st->size[0] < ETH_ZLEN) {
		snprintf(err, errlen,
			 "trim keeps the first buffer: it needs %d bytes or more (the driver pads shorter frames)",
			 ETH_ZLEN);
		return -EINVAL;
	}
	if (st->split >= st->nbufs) {
		snprintf(err, errlen, "split=%u must be below the %u buffers of the frame",
			 st->split, st->nbufs);
		return -EINVAL;
	}
	if (st->cut && (st->cut >= st->nbufs || st->split || st->repeat > 1 ||
			st->outcome != RXEMU_DROP)) {
		snprintf(err, errlen,
			 "cut=%u must be below the %u buffers of one frame (no split=, no xN) whose outcome is drop: it is never completed",
			 st->cut, st->nbufs);
		return -EINVAL;
	}
	return 0;

bad_word:
	snprintf(err, errlen, "cannot read '%s' in a frame line", tok[i]);
	return -EINVAL;
}

/* Options are valid on their own; check how they fit together. */
static int rxemu_check_cfg(const struct rxemu_cfg *cfg, char *err, size_t errlen)
{
	u32 need = rxemu_dbuf(cfg), i;

	if (cfg->xsk_zc) {
		/* skb and page: ice_construct_skb_zc()'s napi_alloc_skb()
		 * and the page of each frag it copies (ice_xsk_selftest.c)
		 */
		for (i = 0; i < RXEMU_NR_FAULTS; i++)
			if (i != RXEMU_FAULT_SKB && i != RXEMU_FAULT_PAGE &&
			    cfg->fault[i].mode != RXEMU_FM_NONE)
				break;
		if (!cfg->xdp[0] || cfg->ctrl || cfg->bias ||
		    cfg->pfmemalloc_every || i < RXEMU_NR_FAULTS ||
		    cfg->rx_buf_len != RXEMU_XSK_ZC_BUF) {
			snprintf(err, errlen,
				 "xsk_mode zc takes an XDP program with an xskmap, the umem's buffers (no rx_buf_len), no ctrl, bias, pfmemalloc, or fault but skb, page: the page path's");
			return -EINVAL;
		}
		return 0;
	}
	if (cfg->build_skb)
		need += ICE_SKB_PAD + SKB_DATA_ALIGN(sizeof(struct skb_shared_info));
	if (cfg->xdp_meta && (!cfg->xdp[0] || !cfg->build_skb)) {
		snprintf(err, errlen,
			 "xdp_meta on takes an XDP program that writes the metadata (ice_meta_pass) and build_skb on: legacy-rx has no headroom for it");
		return -EINVAL;
	}
	if (cfg->ctrl && (cfg->xdp[0] || cfg->fuzz_frames)) {
		snprintf(err, errlen,
			 "ctrl on takes no xdp and no fuzz: the control ring delivers nothing");
		return -EINVAL;
	}
	if (need > rxemu_frame_sz(cfg)) {
		snprintf(err, errlen,
			 "rx_buf_len %u with build_skb %s needs %u bytes, more than the half page of %u (the driver uses 1664 only with build_skb off)",
			 cfg->rx_buf_len, cfg->build_skb ? "on" : "off", need,
			 rxemu_frame_sz(cfg));
		return -EINVAL;
	}
	return 0;
}

/* fault page|dma|skb|txdma at N[,N...] | every N | random PERMILLE */
static int rxemu_parse_fault(struct rxemu_cfg *cfg, char **tok, int ntok,
			     char *err, size_t errlen)
{
	struct rxemu_fault_plan *fp = NULL;
	char *list, *w;
	int k;

	for (k = 0; k < RXEMU_NR_FAULTS && ntok == 4; k++)
		if (!strcmp(tok[1], rxemu_fault_name[k]))
			fp = &cfg->fault[k];
	if (!fp)
		goto usage;
	if (fp->mode != RXEMU_FM_NONE) {
		snprintf(err, errlen, "fault %s is given twice", tok[1]);
		return -EINVAL;
	}
	memset(fp, 0, sizeof(*fp));
	if (!strcmp(tok[2], "every")) {
		if (rxemu_u32(tok[3], 1, 1000000, &fp->n))
			goto usage;
		fp->mode = RXEMU_FM_EVERY;
	} else if (!strcmp(tok[2], "random")) {
		if (rxemu_u32(tok[3], 1, 1000, &fp->n))
			goto usage;
		fp->mode = RXEMU_FM_RANDOM;
	} else if (!strcmp(tok[2], "at")) {
		list = tok[3];
		while ((w = strsep(&list, ","))) {
			u32 n;

			if (fp->nat == RXEMU_MAX_FAULT_AT) {
				snprintf(err, errlen, "fault %s at: at most %d calls",
					 tok[1], RXEMU_MAX_FAULT_AT);
				return -EINVAL;
			}
			if (rxemu_u32(w, 1, U32_MAX, &n) ||
			    (fp->nat && n <= fp->at[fp->nat - 1])) {
				snprintf(err, errlen,
					 "fault %s at: '%s' is not a call number above the one before it",
					 tok[1], w);
				return -EINVAL;
			}
			fp->at[fp->nat++] = n;
		}
		fp->mode = RXEMU_FM_AT;
	} else {
		goto usage;
	}
	return 0;

usage:
	snprintf(err, errlen,
		 "fault takes page|dma|skb|txdma, then at N[,N...], every N or random PERMILLE (1..1000)");
	return -EINVAL;
}

/* A two-word option: V is YES (true) or NO (false); -EINVAL otherwise. */
static int rxemu_bool(const char *v, const char *yes, const char *no, bool *out)
{
	if (strcmp(v, yes) && strcmp(v, no))
		return -EINVAL;
	*out = !strcmp(v, yes);
	return 0;
}

static int rxemu_parse_option(struct rxemu_cfg *cfg, char **tok, int ntok,
			      char *err, size_t errlen)
{
	const char *k = tok[0], *v = ntok > 1 ? tok[1] : "";
	u32 n;

	if (!strcmp(k, "known-bug") || !strcmp(k, "known-kernel-bug")) {
		/* read by run-vm, not by the harness: the rest of the line
		 * (known-kernel-bug: REGEX DIAG TEXT)
		 */
		if (ntok < 2 || (!strcmp(k, "known-kernel-bug") && ntok < 4))
			goto bad;
		return 0;
	}
	if (!strcmp(k, "fault"))
		return rxemu_parse_fault(cfg, tok, ntok, err, errlen);
	if (ntok != 2 && strcmp(k, "fuzz") && strcmp(k, "fuzz-outcome")) {
		snprintf(err, errlen, "option '%s' takes one value", k);
		return -EINVAL;
	}
	if (!strcmp(k, "name")) {
		strscpy(cfg->name, v, sizeof(cfg->name));
	} else if (!strcmp(k, "ring")) {
		if (rxemu_u32(v, ICE_MIN_NUM_DESC, ICE_MAX_NUM_DESC, &n) ||
		    n % ICE_REQ_DESC_MULTIPLE)
			goto bad;
		cfg->ring = n;
	} else if (!strcmp(k, "rx_buf_len")) {
		if (rxemu_u32(v, 256, ICE_RXBUF_3072, &n))
			goto bad;
		cfg->rx_buf_len = n;
	} else if (!strcmp(k, "build_skb")) {
		if (rxemu_bool(v, "on", "off", &cfg->build_skb))
			goto bad;
	} else if (!strcmp(k, "budget")) {
		if (rxemu_u32(v, 1, 1024, &cfg->budget))
			goto bad;
	} else if (!strcmp(k, "batch")) {
		if (rxemu_u32(v, 1, 65535, &cfg->batch))
			goto bad;
	} else if (!strcmp(k, "hold")) {
		if (rxemu_u32(v, 0, 65535, &cfg->hold))
			goto bad;
	} else if (!strcmp(k, "expect-pre-fix") ||
		   !strcmp(k, "expect-upstream")) {
		/* read by run-vm, not by the harness */
		if (strcmp(v, "pass") && strcmp(v, "fail") && strcmp(v, "any") &&
		    strcmp(v, "corrupt"))
			goto bad;
	} else if (!strcmp(k, "xdp")) {
		if (strlen(v) >= sizeof(cfg->xdp) || v[0] != '/')
			goto bad;
		strscpy(cfg->xdp, v, sizeof(cfg->xdp));
	} else if (!strcmp(k, "pfmemalloc")) {
		if (rxemu_u32(v, 1, 65535, &cfg->pfmemalloc_every))
			goto bad;
	} else if (!strcmp(k, "ctrl")) {
		if (rxemu_bool(v, "on", "off", &cfg->ctrl))
			goto bad;
	} else if (!strcmp(k, "reuse")) {
		if (rxemu_bool(v, "all", "any", &cfg->reuse_all))
			goto bad;
	} else if (!strcmp(k, "bias")) {
		if (rxemu_u32(v, 2, USHRT_MAX, &cfg->bias))
			goto bad;
	} else if (!strcmp(k, "xdp_meta")) {
		if (rxemu_bool(v, "on", "off", &cfg->xdp_meta))
			goto bad;
	} else if (!strcmp(k, "vlan")) {
		/* a VLAN ID: ice_receive_skb() tags only a non-zero one */
		if (rxemu_u32(v, 1, VLAN_VID_MASK, &cfg->vlan))
			goto bad;
	} else if (!strcmp(k, "xdp_locking")) {
		if (rxemu_bool(v, "on", "off", &cfg->xdp_locking))
			goto bad;
	} else if (!strcmp(k, "xsk_frames")) {
		if (rxemu_u32(v, 1, 2048, &cfg->xsk_frames))
			goto bad;
	} else if (!strcmp(k, "xsk_keep")) {
		if (rxemu_bool(v, "on", "off", &cfg->xsk_keep))
			goto bad;
	} else if (!strcmp(k, "xsk_rx_ring")) {
		/* the kernel takes a power of two */
		if (rxemu_u32(v, 2, RXEMU_XSK_RING, &cfg->xsk_rx_ring) ||
		    !is_power_of_2(cfg->xsk_rx_ring))
			goto bad;
	} else if (!strcmp(k, "xsk_need_wakeup")) {
		if (rxemu_bool(v, "on", "off", &cfg->xsk_need_wakeup))
			goto bad;
	} else if (!strcmp(k, "xsk_mode")) {
		if (rxemu_bool(v, "zc", "copy", &cfg->xsk_zc))
			goto bad;
		/* the hardware's buffer is the umem frame's room */
		if (cfg->xsk_zc)
			cfg->rx_buf_len = RXEMU_XSK_ZC_BUF;
	} else if (!strcmp(k, "bench")) {
		if (rxemu_bool(v, "on", "off", &cfg->bench))
			goto bad;
	} else if (!strcmp(k, "fuzz-outcome")) {
		if (ntok < 2 || ntok > 3 || rxemu_outcome(v) < 0 ||
		    (ntok == 3 && strcmp(tok[2], "trim")))
			goto bad;
		cfg->fuzz_outcome = rxemu_outcome(v);
		cfg->fuzz_trim = ntok == 3;
	} else if (!strcmp(k, "fuzz")) {
		if (ntok != 3 || kstrtou64(tok[1], 0, &cfg->fuzz_seed) ||
		    rxemu_u32(tok[2], 1, 10000000, &cfg->fuzz_frames)) {
			snprintf(err, errlen, "fuzz takes SEED FRAMES");
			return -EINVAL;
		}
	} else {
		snprintf(err, errlen, "unknown word '%s'", k);
		return -EINVAL;
	}
	return 0;

bad:
	snprintf(err, errlen, "bad value '%s' for option '%s' (see README.txt)", v, k);
	return -EINVAL;
}

static bool rxemu_is_option(const char *w)
{
	static const char * const opts[] = {
		"name", "ring", "rx_buf_len", "build_skb", "budget", "batch",
		"hold", "expect-pre-fix", "expect-upstream", "known-bug",
		"known-kernel-bug", "fuzz",
		"fuzz-outcome", "xdp", "xdp_locking", "xdp_meta", "reuse", "bias", "ctrl",
		"pfmemalloc", "bench", "fault", "xsk_frames", "xsk_keep",
		"xsk_mode", "xsk_rx_ring", "xsk_need_wakeup", "vlan",
	};
	int i;

	for (i = 0; i < ARRAY_SIZE(opts); i++)
		if (!strcmp(w, opts[i]))
			return true;
	return false;
}

/* Parse TEXT (modified in place).  On error, ERR names the line. */
static int rxemu_parse(char *text, struct rxemu_scenario *scn, char *err,
		       size_t errlen)
{
	char *tok[RXEMU_MAX_TOKENS], msg[160], *line;
	struct rxemu_step st;
	int lineno = 0, cut_line = 0, ret;
	bool stepped = false;

	memset(scn, 0, sizeof(*scn));
	rxemu_cfg_defaults(&scn->cfg);
	msg[0] = '\0';
	while ((line = strsep(&text, "\n"))) {
		char *hash = strchr(line, '#'), *p = line, *w;
		int ntok = 0;

		lineno++;
		if (hash)
			*hash = '\0';
		while ((w = strsep(&p, " \t\r"))) {
			if (!*w)
				continue;
			if (ntok == RXEMU_MAX_TOKENS) {
				snprintf(msg, sizeof(msg), "too many words");
				goto fail;
			}
			tok[ntok++] = w;
		}
		if (!ntok)
			continue;
		if (rxemu_is_option(tok[0])) {
			if (stepped) {
				snprintf(msg, sizeof(msg),
					 "option '%s' must come before the first frame",
					 tok[0]);
				goto fail;
			}
			if (rxemu_parse_option(&scn->cfg, tok, ntok, msg, sizeof(msg)))
				goto fail;
			continue;
		}
		if (!stepped && rxemu_check_cfg(&scn->cfg, msg, sizeof(msg)))
			goto fail;
		/* a queue reset or a resize may end the frame cut short */
		if (cut_line && strcmp(tok[0], "reset") && strcmp(tok[0], "resize")) {
			snprintf(msg, sizeof(msg),
				 "nothing but reset or resize may follow the frame with cut= on line %d: the run ends inside it",
				 cut_line);
			goto fail;
		}
		cut_line = 0;
		stepped = true;
		memset(&st, 0, sizeof(st));
		st.line = lineno;
		if (!strcmp(tok[0], "poll")) {
			st.kind = RXEMU_STEP_POLL;
			if (ntok > 2 || (ntok == 2 && rxemu_u32(tok[1], 1, 1024, &st.budget))) {
				snprintf(msg, sizeof(msg), "poll takes an optional budget 1..1024");
				goto fail;
			}
		} else if (!strcmp(tok[0], "release")) {
			st.kind = RXEMU_STEP_RELEASE;
			if (ntok != 1) {
				snprintf(msg, sizeof(msg), "release takes no value");
				goto fail;
			}
		} else if (scn->cfg.xsk_zc && (!strcmp(tok[0], "reset") ||
						 !strcmp(tok[0], "resize") ||
						 !strcmp(tok[0], "faults"))) {
			snprintf(msg, sizeof(msg),
				 "%s is not emulated with xsk_mode zc (the pool's queue would be restarted)",
				 tok[0]);
			goto fail;
		} else if (!strcmp(tok[0], "reset")) {
			st.kind = RXEMU_STEP_RESET;
			if (ntok != 1) {
				snprintf(msg, sizeof(msg), "reset takes no value");
				goto fail;
			}
		} else if (!strcmp(tok[0], "resize")) {
			st.kind = RXEMU_STEP_RESIZE;
			if (ntok != 2 ||
			    rxemu_u32(tok[1], ICE_MIN_NUM_DESC, ICE_MAX_NUM_DESC, &st.count) ||
			    st.count % ICE_REQ_DESC_MULTIPLE) {
				snprintf(msg, sizeof(msg),
					 "resize takes the new ring's descriptors: %d..%d, a multiple of %d",
					 ICE_MIN_NUM_DESC, ICE_MAX_NUM_DESC,
					 ICE_REQ_DESC_MULTIPLE);
				goto fail;
			}
		} else if (!strcmp(tok[0], "xsk_read")) {
			st.kind = RXEMU_STEP_XSKREAD;
			if (ntok != 2 || rxemu_bool(tok[1], "on", "off", &st.on)) {
				snprintf(msg, sizeof(msg), "xsk_read takes on or off");
				goto fail;
			}
		} else if (!strcmp(tok[0], "txstall") || !strcmp(tok[0], "faults")) {
			st.kind = tok[0][0] == 't' ? RXEMU_STEP_TXSTALL : RXEMU_STEP_FAULTS;
			if (ntok != 2 || rxemu_bool(tok[1], "on", "off", &st.on)) {
				snprintf(msg, sizeof(msg), "%s takes on or off", tok[0]);
				goto fail;
			}
		} else if (!strcmp(tok[0], "target")) {
			static const char * const states[] = {
				[RXEMU_TARGET_UP] = "up",
				[RXEMU_TARGET_DOWN] = "down",
				[RXEMU_TARGET_NOXDP] = "noxdp",
				[RXEMU_TARGET_NOQUEUE] = "noqueue",
			};

			st.kind = RXEMU_STEP_TARGET;
			st.count = 0;
			while (ntok == 2 && st.count < ARRAY_SIZE(states) &&
			       strcmp(tok[1], states[st.count]))
				st.count++;
			if (ntok != 2 || st.count == ARRAY_SIZE(states)) {
				snprintf(msg, sizeof(msg),
					 "target takes up, down, noxdp or noqueue");
				goto fail;
			}
		} else if (isdigit(tok[0][0])) {
			if (rxemu_parse_frame(&scn->cfg, tok, ntok, &st, msg, sizeof(msg)))
				goto fail;
			st.line = lineno;
			if (st.cut)
				cut_line = lineno;
		} else {
			snprintf(msg, sizeof(msg), "unknown word '%s'", tok[0]);
			goto fail;
		}
		ret = rxemu_add_step(scn, &st);
		if (ret) {
			snprintf(err, errlen, "out of memory");
			return ret;
		}
	}
	if (!stepped && rxemu_check_cfg(&scn->cfg, msg, sizeof(msg)))
		goto fail;
	if (!scn->nsteps && !scn->cfg.fuzz_frames) {
		snprintf(err, errlen, "no frames");
		return -EINVAL;
	}
	if (cut_line && scn->cfg.fuzz_frames) {
		snprintf(err, errlen,
			 "line %d: the run ends inside the frame with cut=, so no fuzz frames can follow it",
			 cut_line);
		return -EINVAL;
	}
	return 0;

fail:
	snprintf(err, errlen, "line %d: %s", lineno, msg);
	return -EINVAL;
}

static void rxemu_free_scenario(struct rxemu_scenario *scn)
{
	kvfree(scn->steps);
	scn->steps = NULL;
}

/* A frame step in the scenario format, for replay messages. */
static void rxemu_format_step(const struct rxemu_step *st, char *buf, size_t len)
{
	size_t n = 0;
	int i;

	buf[0] = '\0';
	for (i = 0; i < st->nbufs && n < len; i++)
		n += scnprintf(buf + n, len - n, "%u ", st->size[i]);
	n += scnprintf(buf + n, len - n, "%s", rxemu_outcome_name[st->outcome]);
	if (st->rxe)
		n += scnprintf(buf + n, len - n, " rxe");
	if (st->trim)
		n += scnprintf(buf + n, len - n, " trim");
	if (st->split)
		scnprintf(buf + n, len - n, " split=%u", st->split);
}

/* splitmix64: small, seedable, the same on every kernel. */
static u64 rxemu_rand(struct rxemu_rng *r)
{
	u64 z = (r->s += 0x9e3779b97f4a7c15ULL);

	z = (z ^ (z >> 30)) * 0xbf58476d1ce4e5b9ULL;
	z = (z ^ (z >> 27)) * 0x94d049bb133111ebULL;
	return z ^ (z >> 31);
}

static u32 rxemu_below(struct rxemu_rng *r, u32 n)
{
	return (u32)(rxemu_rand(r) % n);
}

/*
 * One random frame, and what follows it: a poll with a random budget
 * (*poll_budget != 0) and/or the release of the held skbs.  Three frames in
 * four look like E810 write-back (full buffers, the remainder last, with
 * zero-length descriptors inserted anywhere after the first, including as
 * the EOF descriptor); the others have arbitrary sizes.  At most 8 buffers
 * carry data, so the MAX_SKB_FRAGS paths (scenario max-frags) stay out.
 */
static void rxemu_fuzz_frame(struct rxemu_rng *r, const struct rxemu_cfg *cfg,
			     struct rxemu_step *st, u32 *poll_budget,
			     bool *release)
{
	u32 dbuf = rxemu_dbuf(cfg), total = 0, i;

	memset(st, 0, sizeof(*st));
	st->kind = RXEMU_STEP_FRAME;
	st->repeat = 1;
	if (rxemu_below(r, 4)) {
		u32 len = ETH_ZLEN + rxemu_below(r, RXEMU_E810_MAX_FRAME - ETH_ZLEN + 1);
		u32 n = DIV_ROUND_UP(len, dbuf), z;

		for (i = 0; i < n; i++)
			st->size[i] = i + 1 < n ? dbuf : len - (n - 1) * dbuf;
		st->nbufs = n;
		z = rxemu_below(r, 3) ? 0 : 1 + rxemu_below(r, 3);
		while (z--) {
			u32 pos = 1 + rxemu_below(r, st->nbufs);

			memmove(&st->size[pos + 1], &st->size[pos],
				(st->nbufs - pos) * sizeof(st->size[0]));
			st->size[pos] = 0;
			st->nbufs++;
		}
	} else {
		st->nbufs = 1 + rxemu_below(r, 8);
		for (i = 0; i < st->nbufs; i++) {
			st->size[i] = rxemu_below(r, 4) ? 1 + rxemu_below(r, dbuf) : 0;
			total += st->size[i];
		}
		if (st->size[0] < ETH_HLEN)
			st->size[0] = ETH_HLEN + rxemu_below(r, dbuf - ETH_HLEN + 1);
		total = 0;
		for (i = 0; i < st->nbufs; i++)
			total += st->size[i];
		if (total < ETH_ZLEN)
			st->size[0] += ETH_ZLEN - total;
	}
	/* the verdict of the scenario's XDP program (pass without one);
	 * the driver looks at RXE only for frames the program passed
	 */
	st->outcome = cfg->fuzz_outcome;
	st->trim = cfg->fuzz_trim;
	if (st->trim && st->size[0] < ETH_ZLEN)
		st->size[0] = ETH_ZLEN;
	if (!rxemu_below(r, 25)) {
		st->rxe = true;
		if (st->outcome == RXEMU_PASS)
			st->outcome = RXEMU_DROP;
	}
	if (st->nbufs > 1 && rxemu_below(r, 100) < 8)
		st->split = 1 + rxemu_below(r, st->nbufs - 1);
	*poll_budget = rxemu_below(r, 100) < 30 ? 1 + rxemu_below(r, 64) : 0;
	*release = rxemu_below(r, 100) < 3;
}
