/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_NET_DEVLINK_H_
#define _ICE_BACKPORT_NET_DEVLINK_H_
#include_next <net/devlink.h>

/*
 * probes/devlink_param_set_extack.c, devlink_param_get_extack.c and
 * devlink_param_validate_ptr.c: the param callbacks changed one at a time:
 * .set gained an extack in 6.8, .get in 6.19, and .validate takes the
 * value by pointer since 7.2.  ice's callbacks keep their 6.12 signatures:
 * ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(prefix), which patches/compat/0004 places
 * before ice's param tables, defines an adapter with the kernel's signature
 * around prefix_set(), prefix_get() or prefix_validate() for each callback
 * whose signature differs from 6.12's, and the table macros below point
 * that member at it.  Before 6.8 the adapter calls ice's set with no
 * extack: its messages then go to no one, which NL_SET_ERR_MSG allows.
 */
#ifdef HAVE_DEVLINK_PARAM_SET_EXTACK
#define ICE_BP_PARAM_SET(fn) fn
#else
#define ICE_BP_PARAM_SET(fn) fn##_bp
#endif
#ifdef HAVE_DEVLINK_PARAM_GET_EXTACK
#define ICE_BP_PARAM_GET(fn) fn##_bp
#else
#define ICE_BP_PARAM_GET(fn) fn
#endif
#ifdef HAVE_DEVLINK_PARAM_VALIDATE_PTR
#define ICE_BP_PARAM_VALIDATE(fn) fn##_bp
#else
#define ICE_BP_PARAM_VALIDATE(fn) fn
#endif

#if defined(HAVE_DEVLINK_PARAM_VALIDATE_PTR)
/* 7.2 and later: .get and .validate (.set has its extack since 6.8). */
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
#elif defined(HAVE_DEVLINK_PARAM_GET_EXTACK)
/* 6.19 to 7.1: .get only. */
#define ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(p)				\
static int p##_get_bp(struct devlink *devlink, u32 id,			\
		      struct devlink_param_gset_ctx *ctx,		\
		      struct netlink_ext_ack *extack)			\
{									\
	return p##_get(devlink, id, ctx);				\
}									\
static_assert(1)
#elif !defined(HAVE_DEVLINK_PARAM_SET_EXTACK)
/* Before 6.8: .set only. */
#define ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(p)				\
static int p##_set_bp(struct devlink *devlink, u32 id,			\
		      struct devlink_param_gset_ctx *ctx)		\
{									\
	return p##_set(devlink, id, ctx, NULL);				\
}									\
static_assert(1)
#else
/* 6.8 to 6.18: the 6.12 signatures. */
#define ICE_BACKPORT_DEVLINK_PARAM_ADAPTERS(p) static_assert(sizeof(#p))
#endif

#if !defined(HAVE_DEVLINK_PARAM_SET_EXTACK) ||				\
	defined(HAVE_DEVLINK_PARAM_GET_EXTACK) ||			\
	defined(HAVE_DEVLINK_PARAM_VALIDATE_PTR)
#undef DEVLINK_PARAM_GENERIC
#define DEVLINK_PARAM_GENERIC(_id, _cmodes, _get, _set, _validate)	\
{									\
	.id = DEVLINK_PARAM_GENERIC_ID_##_id,				\
	.name = DEVLINK_PARAM_GENERIC_##_id##_NAME,			\
	.type = DEVLINK_PARAM_GENERIC_##_id##_TYPE,			\
	.generic = true,						\
	.supported_cmodes = _cmodes,					\
	.get = ICE_BP_PARAM_GET(_get),					\
	.set = ICE_BP_PARAM_SET(_set),					\
	.validate = ICE_BP_PARAM_VALIDATE(_validate),			\
}

#undef DEVLINK_PARAM_DRIVER
#define DEVLINK_PARAM_DRIVER(_id, _name, _type, _cmodes, _get, _set, _validate) \
{									\
	.id = _id,							\
	.name = _name,							\
	.type = _type,							\
	.supported_cmodes = _cmodes,					\
	.get = ICE_BP_PARAM_GET(_get),					\
	.set = ICE_BP_PARAM_SET(_set),					\
	.validate = ICE_BP_PARAM_VALIDATE(_validate),			\
}
#endif

/*
 * probes/devl_register.c: before 6.3 a devlink instance is registered
 * without its lock, and devlink_unregister() waits for every reference
 * taken by a netlink command, which then waits for the lock: ice holds
 * the lock around devl_unregister(), so it is dropped for the wait.  New
 * commands no longer find the instance once unregistering has begun.
 */
#ifndef HAVE_DEVL_REGISTER
static inline int devl_register(struct devlink *devlink)
{
	devlink_register(devlink);
	return 0;
}

static inline void devl_unregister(struct devlink *devlink)
{
	devl_unlock(devlink);
	devlink_unregister(devlink);
	devl_lock(devlink);
}
#endif

/*
 * probes/devl_params_register.c: before 6.3 params are registered
 * without the instance lock, before devlink_register(), as ice does.
 */
#ifndef HAVE_DEVL_PARAMS_REGISTER
static inline int devl_params_register(struct devlink *devlink,
				       const struct devlink_param *params,
				       size_t params_count)
{
	return devlink_params_register(devlink, params, params_count);
}

static inline void devl_params_unregister(struct devlink *devlink,
					  const struct devlink_param *params,
					  size_t params_count)
{
	devlink_params_unregister(devlink, params, params_count);
}
#endif

/*
 * probes/devl_nested_devlink_set.c: the nesting is only reported to user
 * space.  Its one user, ice's subfunction, is compiled out on the kernels
 * that lack it (src/Kbuild, "subfunction").
 */
#ifndef HAVE_DEVL_NESTED_DEVLINK_SET
static inline int devl_nested_devlink_set(struct devlink *devlink,
					  struct devlink *nested_devlink)
{
	return 0;
}
#endif

/*
 * probes/devlink_port_ops.c: before 6.4 the port callbacks are members
 * of struct devlink_ops.  The 6.4 structure, with the members ice fills,
 * lets ice's per-port tables compile; compat/devlink_port_ops.c records
 * each port's table at registration, and ICE_BACKPORT_DEVLINK_PORT_OPS,
 * which patches/compat/0005 puts in ice_devlink_ops, routes split, unsplit and
 * the port function's MAC address to it.  port_del and the port function
 * state serve subfunctions only, which such kernels cannot carry.
 */
#ifdef HAVE_DEVLINK_PORT_OPS
#define ICE_BACKPORT_DEVLINK_PORT_OPS
#else
struct devlink_port_ops {
	int (*port_split)(struct devlink *devlink, struct devlink_port *port,
			  unsigned int count, struct netlink_ext_ack *extack);
	int (*port_unsplit)(struct devlink *devlink, struct devlink_port *port,
			    struct netlink_ext_ack *extack);
	int (*port_del)(struct devlink *devlink, struct devlink_port *port,
			struct netlink_ext_ack *extack);
	int (*port_fn_hw_addr_get)(struct devlink_port *port, u8 *hw_addr,
				   int *hw_addr_len,
				   struct netlink_ext_ack *extack);
	int (*port_fn_hw_addr_set)(struct devlink_port *port,
				   const u8 *hw_addr, int hw_addr_len,
				   struct netlink_ext_ack *extack);
	int (*port_fn_state_get)(struct devlink_port *port,
				 enum devlink_port_fn_state *state,
				 enum devlink_port_fn_opstate *opstate,
				 struct netlink_ext_ack *extack);
	int (*port_fn_state_set)(struct devlink_port *port,
				 enum devlink_port_fn_state state,
				 struct netlink_ext_ack *extack);
};

int ice_backport_devl_port_register_with_ops(struct devlink *devlink,
					     struct devlink_port *devlink_port,
					     unsigned int port_index,
					     const struct devlink_port_ops *ops);
void ice_backport_devl_port_unregister(struct devlink_port *devlink_port);
int ice_backport_port_split(struct devlink *devlink, struct devlink_port *port,
			    unsigned int count, struct netlink_ext_ack *extack);
int ice_backport_port_unsplit(struct devlink *devlink,
			      struct devlink_port *port,
			      struct netlink_ext_ack *extack);
int ice_backport_port_fn_hw_addr_get(struct devlink_port *port, u8 *hw_addr,
				     int *hw_addr_len,
				     struct netlink_ext_ack *extack);
int ice_backport_port_fn_hw_addr_set(struct devlink_port *port,
				     const u8 *hw_addr, int hw_addr_len,
				     struct netlink_ext_ack *extack);

#define devl_port_register_with_ops ice_backport_devl_port_register_with_ops
#define devl_port_unregister ice_backport_devl_port_unregister
#define ICE_BACKPORT_DEVLINK_PORT_OPS					\
	.port_split = ice_backport_port_split,				\
	.port_unsplit = ice_backport_port_unsplit,			\
	.port_function_hw_addr_get = ice_backport_port_fn_hw_addr_get,	\
	.port_function_hw_addr_set = ice_backport_port_fn_hw_addr_set,
#endif

/*
 * probes/devl_rate_node_create.c: before 6.2 a driver cannot create
 * rate nodes, so ice's Tx scheduler tree is not exported (src/Kbuild,
 * "devlink-rate-tree"); a VF's leaf is still created, without a parent,
 * and its tx_share and tx_max work, as do the nodes a user adds.
 */
#ifndef HAVE_DEVL_RATE_NODE_CREATE
static inline struct devlink_rate *
devl_rate_node_create(struct devlink *devlink, void *priv, char *node_name,
		      struct devlink_rate *parent)
{
	return ERR_PTR(-EOPNOTSUPP);
}

static inline int
ice_backport_devl_rate_leaf_create(struct devlink_port *port, void *priv,
				   struct devlink_rate *parent)
{
	if (parent)
		return -EOPNOTSUPP;
	return devl_rate_leaf_create(port, priv);
}

#define devl_rate_leaf_create ice_backport_devl_rate_leaf_create
#endif

/*
 * probes/devlink_rate_tx_priority.c: patches/compat/0005 puts these around the
 * tx_priority and tx_weight callbacks and around the reads of the
 * fields.  Without them a field reads as 0, the value a rate object
 * starts with (src/Kbuild, "devlink-rate-priority").
 */
#ifdef HAVE_DEVLINK_RATE_TX_PRIORITY
#define ICE_BACKPORT_IF_DEVLINK_RATE_TX_PRIORITY(...) __VA_ARGS__
#define ICE_BACKPORT_DEVLINK_RATE_FIELD(...) __VA_ARGS__
#else
#define ICE_BACKPORT_IF_DEVLINK_RATE_TX_PRIORITY(...)
#define ICE_BACKPORT_DEVLINK_RATE_FIELD(...) 0
#endif

/*
 * probes/devlink_region_ops_read.c: before 6.2 a region is read through
 * a snapshot only, which ice's regions also take (src/Kbuild,
 * "devlink-region-read").  patches/compat/0005 puts this around .read.
 */
#ifdef HAVE_DEVLINK_REGION_OPS_READ
#define ICE_BACKPORT_IF_DEVLINK_REGION_OPS_READ(...) __VA_ARGS__
#else
#define ICE_BACKPORT_IF_DEVLINK_REGION_OPS_READ(...)
#endif

/*
 * probes/devl_port_fn_devlink_set.c: ice's subfunctions need it and a
 * port_new that returns the port; both came after 6.4.  Without them
 * port_new is left out of ice's devlink_ops (patches/compat/0005) and
 * ice_sf_eth.c is compiled out (src/Kbuild, "subfunction").
 */
#ifdef HAVE_DEVL_PORT_FN_DEVLINK_SET
#define ICE_BACKPORT_IF_DEVL_PORT_FN_DEVLINK_SET(...) __VA_ARGS__
#else
#define ICE_BACKPORT_IF_DEVL_PORT_FN_DEVLINK_SET(...)
#endif

/*
 * probes/set_netdev_devlink_port.c: before 6.2 a driver linked its
 * netdev to its devlink port through ndo_get_devlink_port and
 * devlink_port_type_eth_set(), and had to clear the link before the
 * netdev went away; ice 6.12 does neither, so the link is not made
 * (src/Kbuild, "netdev-devlink-port"): "devlink port show" names no
 * netdev and the netdev has no phys_port_name from devlink.  Kept here
 * rather than in linux/netdevice.h: only ice's devlink users need it.
 */
#ifndef HAVE_SET_NETDEV_DEVLINK_PORT
#define SET_NETDEV_DEVLINK_PORT(dev, port) ((void)(dev), (void)(port))
#endif

#endif
