/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_NETLINK_H_
#define _ICE_BACKPORT_NET_NETLINK_H_
#include_next <net/netlink.h>

/*
 * probes/nla_for_each_nested_type.c: before 6.10, walk the nested
 * attributes and stop only on the wanted type.  The walk keeps its state
 * in an iterator that points at the caller's pos and rem, so that the
 * loop header names each of them once.
 */
#ifndef HAVE_NLA_FOR_EACH_NESTED_TYPE
struct ice_bp_nla_iter {
	struct nlattr **pos;
	int *rem;
	const struct nlattr *nla;
	int type;
	bool started;
};

static inline struct ice_bp_nla_iter
ice_bp_nla_iter_init(struct nlattr **pos, int type, const struct nlattr *nla,
		     int *rem)
{
	struct ice_bp_nla_iter it = {
		.pos = pos, .rem = rem, .nla = nla, .type = type,
	};

	return it;
}

static inline bool ice_bp_nla_iter_next(struct ice_bp_nla_iter *it)
{
	struct nlattr *p;

	if (it->started) {
		p = nla_next(*it->pos, it->rem);
	} else {
		it->started = true;
		p = nla_data(it->nla);
		*it->rem = nla_len(it->nla);
	}
	for (; nla_ok(p, *it->rem); p = nla_next(p, it->rem)) {
		if (nla_type(p) == it->type) {
			*it->pos = p;
			return true;
		}
	}
	return false;
}

#define nla_for_each_nested_type(pos, type, nla, rem)			\
	for (struct ice_bp_nla_iter __it =				\
		ice_bp_nla_iter_init(&(pos), type, nla, &(rem));	\
	     ice_bp_nla_iter_next(&__it);)
#endif

#endif
