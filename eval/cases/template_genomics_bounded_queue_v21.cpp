// Genomics alignment pipeline: a reader thread parses read batches into
// BoundedQueue<ReadBatch>, aligner threads pop batches and push results into
// BoundedQueue<AlignedRead>, a writer thread pops results and writes them to
// a FILE*; progress messages travel through BoundedQueue<std::string>.
// BoundedQueue<T> semantics: push() blocks while full and throws QueueClosed
// once the queue is closed; pop() keeps returning queued items after close()
// and returns std::nullopt when closed and empty; close() is idempotent.
// Negative case: each queue is closed only after every thread that pushes to
// it has been joined, consumers drain with pop() until nullopt, and the
// output file is closed after the writer thread has been joined.
#include <condition_variable>
#include <cstdio>
#include <deque>
#include <mutex>
#include <optional>
#include <stdexcept>
#include <string>
#include <thread>
#include <vector>

struct QueueClosed : std::runtime_error {
  using std::runtime_error::runtime_error;
};

template <typename T> class BoundedQueue {
public:
  explicit BoundedQueue(size_t capacity) : capacity_(capacity) {}

  void push(T item) {
    std::unique_lock<std::mutex> lock(mu_);
    notFull_.wait(lock, [this] { return closed_ || items_.size() < capacity_; });
    if (closed_)
      throw QueueClosed("push on closed queue");
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
    closed_ = true;
    notEmpty_.notify_all();
    notFull_.notify_all();
  }

private:
  size_t capacity_;
  std::mutex mu_;
  std::condition_variable notEmpty_, notFull_;
  std::deque<T> items_;
  bool closed_ = false;
};

struct ReadBatch {
  int index = 0;
  std::vector<std::string> reads;
};
struct AlignedRead {
  std::string read;
  std::string chrom;
  long pos = 0;
};

static AlignedRead align(const std::string &read) {
  return {read, "chr" + std::to_string(read.size() % 22 + 1), static_cast<long>(read.size()) * 1000};
}

int runPipeline(const std::vector<std::vector<std::string>> &input, const char *outPath, unsigned aligners) {
  FILE *out = std::fopen(outPath, "w");
  if (!out)
    return 1;
  BoundedQueue<ReadBatch> batches(8);
  BoundedQueue<AlignedRead> aligned(256);
  BoundedQueue<std::string> progress(64);

  std::thread reader([&] {
    for (size_t i = 0; i < input.size(); ++i)
      batches.push({static_cast<int>(i), input[i]});
  });

  std::vector<std::thread> workers;
  for (unsigned w = 0; w < aligners; ++w)
    workers.emplace_back([&, w] {
      while (std::optional<ReadBatch> batch = batches.pop()) {
        for (const std::string &r : batch->reads)
          aligned.push(align(r)); // OK: aligned is closed only after every aligner is joined
        progress.push("aligner " + std::to_string(w) + " finished batch " + std::to_string(batch->index)); // OK: progress closed after the joins
      }
    });

  std::thread writer([&] {
    while (std::optional<AlignedRead> rec = aligned.pop())
      std::fprintf(out, "%s\t%s\t%ld\n", rec->read.c_str(), rec->chrom.c_str(), rec->pos); // OK: out is closed after this thread is joined
  });

  std::thread logger([&] {
    while (std::optional<std::string> msg = progress.pop()) // OK: pop() drains after close() and then ends
      std::fprintf(stderr, "%s\n", msg->c_str());
  });

  reader.join();
  batches.close();
  for (std::thread &t : workers)
    t.join();
  aligned.close(); // OK: every producer of aligned has been joined
  progress.close();
  writer.join();
  logger.join();
  batches.close(); // OK: close() is idempotent
  return std::fclose(out) == 0 ? 0 : 1; // OK: the writer thread was joined above
}

int main() {
  std::vector<std::vector<std::string>> input = {
      {"ACGTACGTTAG", "GGCTAACGT"},
      {"TTAGGCATCCA", "CCGTA", "ATATATCGCG"},
      {"GATTACA"},
  };
  return runPipeline(input, "/tmp/sample-042.aln.tsv", 3);
}
