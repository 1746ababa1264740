// Genome alignment pipeline. A FASTQ reader pushes read chunks into a
// BoundedQueue<T>; aligner threads pop them until the queue is closed and
// drained. BoundedQueue semantics: push() throws std::runtime_error once the
// queue is closed; pop() keeps returning queued items after close() and
// returns std::nullopt when closed and empty; close() called twice throws
// std::logic_error ("queue already closed").
// Defects: the reader's error path closes the queue and then finish() closes
// it again; the trailing partial chunk is pushed after finish() closed it.
#include <condition_variable>
#include <cstddef>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

namespace genomics {

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(std::size_t capacity) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw std::runtime_error("push on closed queue");
    items_.push_back(std::move(item));
    notEmpty_.notify_one();
  }

  std::optional<T> pop() {
    std::unique_lock<std::mutex> lock(mu_);
    notEmpty_.wait(lock, [this] { return closed_ || !items_.empty(); });
    if (items_.empty())
      return std::nullopt;
    T item = std::move(items_.front());
    items_.pop_front();
    notFull_.notify_one();
    return item;
  }

  void close() {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      throw std::logic_error("queue already closed");
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

private:
  std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  std::size_t capacity_;
  bool closed_ = false;
};

struct ReadChunk {
  std::size_t index;
  std::vector<std::string> reads;
};

struct Alignment {
  std::size_t chunk;
  std::size_t mapped;
};

class FastqReader {
public:
  explicit FastqReader(BoundedQueue<ReadChunk> &out) : out_(out) {}

  // Returns false on a malformed record; the queue is closed in that case so
  // the aligners stop early.
  bool readAll(const std::vector<std::string> &lines, std::size_t chunkSize) {
    ReadChunk current{0, {}};
    for (std::size_t i = 0; i < lines.size(); ++i) {
      if (i % 4 == 0 && (lines[i].empty() || lines[i][0] != '@')) {
        out_.close();
        return false;
      }
      if (i % 4 == 1)
        current.reads.push_back(lines[i]);
      if (current.reads.size() == chunkSize) {
        out_.push(std::move(current)); // OK: queue only closed on the return path above
        current = ReadChunk{++chunks_, {}};
      }
    }
    partial_ = std::move(current);
    return true;
  }

  void finish() {
    out_.close(); // SAME: finish_after_error
  }

  void flushPartial() {
    if (!partial_.reads.empty())
      out_.push(std::move(partial_)); // SAME: partial_after_finish
  }

private:
  BoundedQueue<ReadChunk> &out_;
  ReadChunk partial_{0, {}};
  std::size_t chunks_ = 0;
};

} // namespace genomics

std::size_t alignSample(const std::vector<std::string> &fastq) {
  genomics::BoundedQueue<genomics::ReadChunk> chunks(16);
  genomics::BoundedQueue<genomics::Alignment> results(fastq.size() / 4 + 1);
  std::vector<std::thread> aligners;
  for (int t = 0; t < 2; ++t)
    aligners.emplace_back([&] {
      while (auto chunk = chunks.pop())
        results.push({chunk->index, chunk->reads.size()});
    });

  genomics::FastqReader reader(chunks);
  if (!reader.readAll(fastq, 1000))
    reader.finish(); // BUG: double-close #finish_after_error
  else
    reader.finish();
  reader.flushPartial(); // BUG: use-after-close #partial_after_finish

  for (auto &t : aligners)
    t.join();
  results.close(); // OK: first and only close of the results queue
  std::size_t mapped = 0;
  while (auto r = results.pop()) // OK: pop() drains after close
    mapped += r->mapped;
  return mapped;
}
