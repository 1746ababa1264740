// Explicit instantiations of the rings shared by the loop thread, the ingest
// pipeline and the outage detector.
#include "ingest_queues.h"

template class BoundedRing<Reading>;
template class BoundedRing<OutageEvent>;
template class BoundedRing<BillingEvent>;
