// Log-segment tailer for a change-data-capture shipper: it reads records from
// the current segment through a std::optional<SegmentReader>. When a segment is
// exhausted the reader is closed and replaced with emplace(); restart() closes
// and re-emplaces; stop() closes and reset()s.
// Negative case: every read after a close goes to a freshly emplaced reader,
// and the destructor that reset()/emplace() run skips a reader already closed.
#include <cstdio>
#include <optional>
#include <stdexcept>
#include <string>
#include <utility>
#include <vector>

// SegmentReader: reads newline-terminated records from one segment file.
// next() throws std::runtime_error once closed; close() twice throws
// std::logic_error; the destructor fcloses only if close() was not called.
class SegmentReader {
public:
  explicit SegmentReader(const std::string &path);
  ~SegmentReader();
  SegmentReader(const SegmentReader &) = delete;
  SegmentReader &operator=(const SegmentReader &) = delete;

  bool next(std::string &out);
  void close();
  bool closed() const { return fp_ == nullptr; }

private:
  std::FILE *fp_;
};

SegmentReader::SegmentReader(const std::string &path)
    : fp_(std::fopen(path.c_str(), "rb")) {
  if (!fp_)
    throw std::runtime_error("cannot open segment " + path);
}

SegmentReader::~SegmentReader() {
  if (fp_)
    std::fclose(fp_);
}

bool SegmentReader::next(std::string &out) {
  if (!fp_)
    throw std::runtime_error("segment reader is closed");
  out.clear();
  int ch;
  while ((ch = std::fgetc(fp_)) != EOF && ch != '\n')
    out.push_back(static_cast<char>(ch));
  return ch != EOF || !out.empty();
}

void SegmentReader::close() {
  if (!fp_)
    throw std::logic_error("segment reader closed twice");
  std::fclose(fp_);
  fp_ = nullptr;
}

class SegmentTailer {
public:
  explicit SegmentTailer(std::vector<std::string> segments)
      : segments_(std::move(segments)) {}
  std::size_t pump(std::vector<std::string> &out);
  void restart(const std::string &segment);
  void stop();

private:
  bool advance();

  std::vector<std::string> segments_;
  std::size_t index_ = 0;
  std::optional<SegmentReader> reader_;
};

// Closes the current segment (if any) and opens the next one.
bool SegmentTailer::advance() {
  if (reader_)
    reader_->close();
  if (index_ >= segments_.size()) {
    reader_.reset(); // OK: the destructor skips the closed file
    return false;
  }
  reader_.emplace(segments_[index_++]);
  return true;
}

std::size_t SegmentTailer::pump(std::vector<std::string> &out) {
  if (!reader_ && !advance())
    return 0;
  std::size_t n = 0;
  std::string record;
  for (;;) {
    if (reader_->next(record)) { // OK: advance() re-emplaces after every close
      out.push_back(record);
      ++n;
      continue;
    }
    if (!advance())
      break;
  }
  return n;
}

void SegmentTailer::restart(const std::string &segment) {
  if (reader_ && !reader_->closed())
    reader_->close(); // OK: guarded by closed()
  reader_.emplace(segment);
  std::string header;
  if (!reader_->next(header)) // OK: freshly emplaced reader
    throw std::runtime_error("segment " + segment + " has no header");
}

void SegmentTailer::stop() {
  if (!reader_)
    return;
  reader_->close(); // reader_ is never left engaged and closed
  reader_.reset();
}

int main() {
  SegmentTailer tailer({"/var/cdc/seg-000001.log", "/var/cdc/seg-000002.log"});
  std::vector<std::string> records;
  try {
    tailer.pump(records);
    tailer.restart("/var/cdc/seg-000002.log");
    tailer.pump(records);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "tailer: %s\n", e.what());
  }
  tailer.stop();
  return 0;
}
