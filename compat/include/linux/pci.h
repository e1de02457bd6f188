/* SPDX-License-Identifier: GPL-2.0 */
#ifndef _ICE_BACKPORT_LINUX_PCI_H_
#define _ICE_BACKPORT_LINUX_PCI_H_
#include_next <linux/pci.h>

/*
 * probes/msi_map.c: before 6.2 the MSI-X vectors are all allocated when
 * MSI-X is enabled; none can be added later.  Saying so through
 * pci_msix_can_alloc_dyn() makes ice size its IRQ tracker to the vectors
 * it got and never create a dynamic entry, so the two other calls are
 * never reached: they fail and do nothing.
 */
#ifndef HAVE_MSI_MAP
struct msi_map {
	int index;
	int virq;
};

#define MSI_ANY_INDEX	UINT_MAX

static inline bool pci_msix_can_alloc_dyn(struct pci_dev *dev)
{
	return false;
}

static inline struct msi_map pci_msix_alloc_irq_at(struct pci_dev *dev,
						   unsigned int index,
						   const void *affdesc)
{
	struct msi_map map = { .index = -EOPNOTSUPP };

	return map;
}

static inline void pci_msix_free_irq(struct pci_dev *pdev, struct msi_map map)
{
}
#endif /* HAVE_MSI_MAP */

#endif
