// Line batching on a dedicated worker thread.
#include "logship/batcher.h"

namespace logship {

Batcher::Batcher(std::size_t maxLines, std::chrono::milliseconds maxDelay, Sink sink)
    : maxLines_(maxLines), maxDelay_(maxDelay), sink_(std::move(sink)),
      queue_(maxLines * 4) {}

Batcher::~Batcher() { stop(); } // OK: stop() is idempotent (close() is, the join is guarded)

void Batcher::start() { worker_ = std::thread([this] { run(); }); }

void Batcher::add(std::string line) { queue_.push(Entry{std::move(line), false}); }

bool Batcher::flushNow() { return queue_.tryPush(Entry{{}, true}); }

void Batcher::stop() {
  queue_.close();
  if (worker_.joinable())
    worker_.join();
}

void Batcher::run() {
  std::vector<std::string> batch;
  batch.reserve(maxLines_);
  for (;;) {
    std::optional<Entry> e = queue_.popFor(maxDelay_); // OK: after close() pop drains what is left
    if (!e) {
      if (queue_.drained())
        break;
      emit(batch); // idle for maxDelay: ship what we have
      continue;
    }
    if (e->flush) {
      emit(batch);
      continue;
    }
    batch.push_back(std::move(e->line));
    if (batch.size() >= maxLines_)
      emit(batch);
  }
  emit(batch); // the last partial batch
}

void Batcher::emit(std::vector<std::string> &batch) {
  if (batch.empty())
    return;
  std::vector<std::string> out;
  out.swap(batch);
  batch.reserve(maxLines_);
  sink_(std::move(out));
}

} // namespace logship
