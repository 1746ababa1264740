// Row formats of the bulk exports the billing system imports: CSV with a
// header and a "# rows=" footer, or the XML interchange format.
#pragma once
#include <cstddef>
#include <ostream>

#include "billing_period.h"
#include "reading.h"

void writeCsvHeader(std::ostream &os);
void writeCsvRow(std::ostream &os, const Reading &r);
void writeCsvFooter(std::ostream &os, std::size_t rows);

void writeXmlOpen(std::ostream &os, const BillingPeriod &period);
void writeXmlRow(std::ostream &os, const Reading &r);
void writeXmlClose(std::ostream &os, std::size_t rows);
