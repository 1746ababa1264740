// The one WorkerPool instantiation the agent uses, compiled once here.
#include "buildfarm/worker_pool.h"

namespace buildfarm {

template class WorkerPool<std::function<void()>>;

} // namespace buildfarm
