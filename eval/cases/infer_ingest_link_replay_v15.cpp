// Journal replay for the ingest tier. IngestLink is a session to the ingest
// cluster: push() throws std::length_error for a record over the frame limit
// and std::runtime_error once the link is closed; pause()/resume() gate
// delivery and resume() returns early when the link is already closed;
// close() throws std::logic_error when the link is already closed.
// Backlog shards are pushed from the Scheduler's worker threads
// (scheduler.h: submit() queues the callable, wait() blocks until every
// submitted task has finished).
#include "scheduler.h"

#include <atomic>
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class IngestLink {
public:
  explicit IngestLink(std::string cluster) : cluster_(std::move(cluster)) {}
  void push(const std::string &record);
  void pause();
  void resume();
  void close();

private:
  static constexpr std::size_t kMaxFrame = 64 * 1024;
  std::string cluster_;
  std::mutex mu_;
  std::vector<std::string> inflight_;
  bool closed_ = false;
  bool paused_ = false;
};

void IngestLink::push(const std::string &record) {
  if (record.size() > kMaxFrame)
    throw std::length_error("record exceeds frame limit");
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::runtime_error("ingest link closed: " + cluster_);
  inflight_.push_back(record);
}

void IngestLink::pause() {
  std::lock_guard<std::mutex> lock(mu_);
  paused_ = true;
}

void IngestLink::resume() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return;
  paused_ = false;
}

void IngestLink::close() {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    throw std::logic_error("ingest link already closed: " + cluster_);
  closed_ = true;
  inflight_.clear();
}

// Replays a journal; an oversized entry aborts the replay and closes the link.
void replayJournal(IngestLink &link, const std::vector<std::string> &entries) {
  try {
    for (const std::string &e : entries)
      link.push(e);
  } catch (const std::length_error &ex) {
    std::fprintf(stderr, "replay aborted: %s\n", ex.what());
    link.close();
  }
  link.resume(); // OK: resume() returns early once the link is closed
}

void finishReplay(IngestLink &link, const std::vector<std::string> &entries) {
  link.pause();
  replayJournal(link, entries);
  link.close(); // BUG: double-close
}

void drainBacklog(Scheduler &sched, IngestLink &link,
                  const std::vector<std::vector<std::string>> &shards,
                  std::atomic<int> &skipped) {
  for (const std::vector<std::string> &shard : shards) {
    sched.submit([&link, &skipped, shard] {
      for (const std::string &r : shard) {
        try {
          link.push(r); // BUG: use-after-close #backlog
        } catch (const std::length_error &) {
          ++skipped;
        }
      }
    });
  }
  link.close(); // SAME: backlog
  sched.wait();
}

void drainBacklogAndClose(Scheduler &sched, IngestLink &link,
                          const std::vector<std::vector<std::string>> &shards,
                          std::atomic<int> &skipped) {
  for (const std::vector<std::string> &shard : shards) {
    sched.submit([&link, &skipped, shard] {
      for (const std::string &r : shard) {
        try {
          link.push(r); // OK: wait() returns before the close below
        } catch (const std::length_error &) {
          ++skipped;
        }
      }
    });
  }
  sched.wait();
  link.close();
}
