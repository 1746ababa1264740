// Batcher<Sink> buffers records and hands them to its sink in batches of
// batchSize. Its close() closes the sink first and flushes the buffered tail
// afterwards, so whenever a partial batch is pending at close() (any record
// count that is not a multiple of the batch size) the tail is written to a
// closed sink, which throws. The sink's own destructor is fine: close() cleared
// fp_. The fix is to flush() before sink_.close().
#include <cstddef>
#include <cstdio>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

class LineFileSink {
public:
  using Record = std::string;

  explicit LineFileSink(const char *path) : fp_(std::fopen(path, "a")) {
    if (fp_ == nullptr)
      throw std::runtime_error(std::string("cannot open ") + path);
  }
  ~LineFileSink() {
    if (fp_ != nullptr)
      std::fclose(fp_); // OK: close() set fp_ to nullptr
  }
  LineFileSink(const LineFileSink &) = delete;
  LineFileSink &operator=(const LineFileSink &) = delete;

  void write(const std::vector<Record> &lines) {
    if (fp_ == nullptr)
      throw std::runtime_error("write on closed sink");
    for (const auto &line : lines) {
      std::fputs(line.c_str(), fp_);
      std::fputc('\n', fp_);
    }
  }
  void close() {
    if (fp_ != nullptr) {
      std::fclose(fp_);
      fp_ = nullptr;
    }
  }

private:
  std::FILE *fp_;
};

template <typename Sink> class Batcher {
public:
  using Record = typename Sink::Record;

  Batcher(Sink &sink, std::size_t batchSize) : sink_(sink), batchSize_(batchSize) {
    buf_.reserve(batchSize);
  }

  void add(Record record) {
    if (closed_)
      throw std::logic_error("Batcher::add after close");
    buf_.push_back(std::move(record));
    if (buf_.size() >= batchSize_)
      flush();
  }

  void flush() {
    if (buf_.empty())
      return;
    sink_.write(buf_); // SAME: tail
    buf_.clear();
  }

  void close() {
    if (closed_)
      return;
    closed_ = true;
    sink_.close();
    flush(); // BUG: use-after-close #tail
  }

private:
  Sink &sink_;
  std::size_t batchSize_;
  std::vector<Record> buf_;
  bool closed_ = false;
};

void exportEvents(const std::vector<std::string> &events) {
  LineFileSink sink("/var/log/app/events.log");
  Batcher<LineFileSink> batcher(sink, 64);
  for (const auto &event : events)
    batcher.add(event);
  batcher.close();
}
