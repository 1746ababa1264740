// RenderWorker: render loops running on the worker's own ThreadPool, fed by
// a bounded RenderQueue. Jobs that do not fit are parked in an overflow list
// and retried from the server's tick.
#include "render_worker.h"

#include "log.h"
#include "renderer.h"

namespace tilesrv {
namespace {
constexpr std::size_t kMaxOverflow = 4096;
} // namespace

RenderWorker::RenderWorker(std::size_t threads, std::size_t queueDepth, FetchFn fetch, DoneFn done)
    : threads_(threads ? threads : 1), fetch_(std::move(fetch)), done_(std::move(done)), queue_(queueDepth),
      pool_("render", threads_) {}

RenderWorker::~RenderWorker() { stop(); }

void RenderWorker::start() {
  if (started_)
    return;
  started_ = true;
  for (std::size_t i = 0; i < threads_; ++i)
    pool_.submit([this] { workerLoop(); });
}

bool RenderWorker::enqueue(RenderJob job) {
  if (stopped_)
    return false;
  if (overflow_.empty() && queue_.tryPush(job)) // OK: only stop(), on this same thread, closes the queue
    return true;
  if (overflow_.size() >= kMaxOverflow)
    return false;
  overflow_.push_back(std::move(job));
  return true;
}

void RenderWorker::retryOverflow() {
  while (!overflow_.empty()) {
    if (!queue_.tryPush(overflow_.front())) // SAME: render_overflow
      break;
    overflow_.pop_front();
  }
}

void RenderWorker::pause() {
  std::unique_lock<std::mutex> lock(mutex_);
  paused_ = true;
  idle_.wait(lock, [this] { return busy_ == 0; });
}

void RenderWorker::resume() {
  {
    std::lock_guard<std::mutex> lock(mutex_);
    if (!paused_)
      return;
    paused_ = false;
  }
  gate_.notify_all();
}

void RenderWorker::stop() {
  if (stopped_)
    return;
  stopped_ = true;
  resume();
  queue_.close();
  // Jobs parked while the queue was full still deserve an answer.
  retryOverflow(); // BUG: use-after-close #render_overflow
  pool_.stop();
}

std::size_t RenderWorker::backlog() const { return queue_.size() + overflow_.size(); }

void RenderWorker::workerLoop() {
  while (std::optional<RenderJob> job = queue_.pop()) {
    {
      std::unique_lock<std::mutex> lock(mutex_);
      gate_.wait(lock, [this] { return !paused_; });
      ++busy_;
    }
    RenderResult result = renderOne(*job);
    {
      std::lock_guard<std::mutex> lock(mutex_);
      --busy_;
    }
    idle_.notify_all();
    done_(std::move(result));
  }
}

RenderResult RenderWorker::renderOne(const RenderJob &job) {
  const auto started = Clock::now();
  RenderResult result;
  result.ticket = job.ticket;
  result.session = job.session;
  result.key = job.key;
  try {
    FetchResult source = fetch_(job.key);
    if (source.status != FetchStatus::Ok) {
      result.error = "origin unavailable after " + std::to_string(source.attempts) + " attempts";
    } else {
      RenderOutput out = renderTile(job.key, source.body);
      result.ok = out.ok;
      result.blob = std::move(out.png);
      result.error = std::move(out.error);
    }
  } catch (const std::exception &e) {
    result.error = e.what();
  }
  if (!result.ok)
    log::warn("render %s failed: %s", toString(job.key).c_str(), result.error.c_str());
  result.took = std::chrono::duration_cast<std::chrono::milliseconds>(Clock::now() - started);
  return result;
}

} // namespace tilesrv
