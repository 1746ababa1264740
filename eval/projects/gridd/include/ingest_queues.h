// The ring instantiations the head-end uses, compiled once in ingest_queues.cpp.
#pragma once
#include "bounded_ring.h"
#include "reading.h"

using ReadingQueue = BoundedRing<Reading>;
using OutageQueue = BoundedRing<OutageEvent>;
using BillingBacklog = BoundedRing<BillingEvent>;

extern template class BoundedRing<Reading>;
extern template class BoundedRing<OutageEvent>;
extern template class BoundedRing<BillingEvent>;

constexpr std::size_t kReadingQueueDepth = 65536;
constexpr std::size_t kBacklogDepth = 4096;
