/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_DEVLINK_H_
#define _ICE_BACKPORT_NET_DEVLINK_H_
#include_next <net/devlink.h>

/*
 * probes/devlink_param_get_extack.c: .get gained an extack and .validate
 * takes the value by pointer.  ice's callbacks keep their 6.12 signatures;
 * on newer kernels ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(prefix), which
 * patches/0004 places before ice's param tables, defines adapters with
 * the new signatures around prefix_get() and prefix_validate(), and the
 * table macros below point .get and .validate at them.  .set is unchanged.
 */
#ifdef HAVE_DEVLINK_PARAM_GET_EXTACK
#define ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(p)				\
static int p##_get_bp(struct devlink *devlink, u32 id,			\
		      struct devlink_param_gset_ctx *ctx,		\
		      struct netlink_ext_ack *extack)			\
{									\
	return p##_get(devlink, id, ctx);				\
}									\
static int p##_validate_bp(struct devlink *devlink, u32 id,		\
			   union devlink_param_value *val,		\
			   struct netlink_ext_ack *extack)		\
{									\
	return p##_validate(devlink, id, *val, extack);			\
}									\
static_assert(1)

#undef DEVLINK_PARAM_GENERIC
#define DEVLINK_PARAM_GENERIC(_id, _cmodes, _get, _set, _validate)	\
{									\
	.id = DEVLINK_PARAM_GENERIC_ID_##_id,				\
	.name = DEVLINK_PARAM_GENERIC_##_id##_NAME,			\
	.type = DEVLINK_PARAM_GENERIC_##_id##_TYPE,			\
	.generic = true,						\
	.supported_cmodes = _cmodes,					\
	.get = _get##_bp,						\
	.set = _set,							\
	.validate = _validate##_bp,					\
}

#undef DEVLINK_PARAM_DRIVER
#define DEVLINK_PARAM_DRIVER(_id, _name, _type, _cmodes, _get, _set, _validate) \
{									\
	.id = _id,							\
	.name = _name,							\
	.type = _type,							\
	.supported_cmodes = _cmodes,					\
	.get = _get##_bp,						\
	.set = _set,							\
	.validate = _validate##_bp,					\
}
#else
#define ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(p) static_assert(sizeof(#p))
#endif

#endif
