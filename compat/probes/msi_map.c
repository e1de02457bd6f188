// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_MSI_MAP: struct msi_map and dynamic MSI-X allocation
 * (pci_msix_alloc_irq_at(), pci_msix_free_irq(), pci_msix_can_alloc_dyn()).
 * Upstream: v6.2, "PCI/MSI: Provide post-enable dynamic allocation
 * interfaces for MSI-X" (the dynamic MSI-X series of Thomas Gleixner).
 * Shim: compat/include/linux/pci.h.
 */
#include <linux/pci.h>

struct msi_map probe(struct pci_dev *pdev);
struct msi_map probe(struct pci_dev *pdev)
{
	return pci_msix_alloc_irq_at(pdev, MSI_ANY_INDEX, NULL);
}
