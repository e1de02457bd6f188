// SPDX-License-Identifier: GPL-2.0
/*
 * HAVE_MSI_MAP: struct msi_map and dynamic MSI-X allocation
 * (pci_msix_alloc_irq_at(), pci_msix_free_irq(), pci_msix_can_alloc_dyn()).
 * Mainline v6.2, "PCI/MSI: Provide post-enable dynamic allocation
 * interfaces for MSI-X" (the dynamic MSI-X series of Thomas Gleixner).
 *
 * Upstream: v6.2 34026364df8e ("PCI/MSI: Provide post-enable dynamic
 *   allocation interfaces for MSI-X")
 * Polarity: 6.12
 * Shim: compat/include/linux/pci.h
 * Disables: dynamic-msix — every MSI-X vector is allocated when the PF
 *   probes; none is added later for subfunctions
 */
#include <linux/pci.h>

struct msi_map probe(struct pci_dev *pdev);
struct msi_map probe(struct pci_dev *pdev)
{
	return pci_msix_alloc_irq_at(pdev, MSI_ANY_INDEX, NULL);
}
