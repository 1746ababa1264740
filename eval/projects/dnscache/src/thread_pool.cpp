// Explicit instantiations of the pool and queue templates used by the daemon.
#include "dnscache/thread_pool.h"

#include <algorithm>
#include <cstddef>

namespace dnscache {

template class WorkQueue<std::function<void()>>;
template class WorkQueue<std::size_t>;
template class BasicThreadPool<std::function<void()>>;

unsigned defaultWorkerCount() {
  const unsigned n = std::thread::hardware_concurrency();
  return n ? std::min(n * 2, 32u) : 4u;
}

} // namespace dnscache
