// RenderWorker: render threads fed by a RenderQueue. The server's main thread
// enqueues jobs (keeping an overflow list when the queue is full) and gets
// results back through the completion callback, which runs on a render thread.
#pragma once

#include <chrono>
#include <condition_variable>
#include <cstdint>
#include <deque>
#include <functional>
#include <mutex>
#include <string>

#include "common.h"
#include "render_queue.h"
#include "thread_pool.h"
#include "tile_key.h"
#include "upstream_fetcher.h"

namespace tilesrv {

struct RenderJob {
  std::uint64_t ticket = 0;
  SessionId session = 0;
  TileKey key;
  Clock::time_point enqueued{};
};

struct RenderResult {
  std::uint64_t ticket = 0;
  SessionId session = 0;
  TileKey key;
  bool ok = false;
  std::string blob;
  std::string error;
  std::chrono::milliseconds took{0};
};

class RenderWorker {
public:
  using FetchFn = std::function<FetchResult(const TileKey &)>;
  using DoneFn = std::function<void(RenderResult)>;

  RenderWorker(std::size_t threads, std::size_t queueDepth, FetchFn fetch, DoneFn done);
  ~RenderWorker();

  RenderWorker(const RenderWorker &) = delete;
  RenderWorker &operator=(const RenderWorker &) = delete;

  void start();
  // Main thread only. False when the job could be neither queued nor parked.
  bool enqueue(RenderJob job);
  void retryOverflow();
  // Blocks until no job is being rendered and holds new ones back.
  void pause();
  void resume();
  void stop();

  std::size_t backlog() const;

private:
  void workerLoop();
  RenderResult renderOne(const RenderJob &job);

  const std::size_t threads_;
  FetchFn fetch_;
  DoneFn done_;
  RenderQueue<RenderJob> queue_;
  ThreadPool<> pool_;
  std::deque<RenderJob> overflow_;
  std::mutex mutex_;
  std::condition_variable gate_;
  std::condition_variable idle_;
  bool paused_ = false;
  unsigned busy_ = 0;
  bool started_ = false;
  bool stopped_ = false;
};

} // namespace tilesrv
