// Access-log shipper: the Tailer and the Shipper share one SegmentSink (the
// segment file the shipper uploads from), both bound in their constructors.
// When a segment is full the Tailer seals it and reassigns its own
// shared_ptr to a fresh segment; the Shipper's copy still points at the
// sealed one until follow() is called. SegmentSink::append() throws
// std::runtime_error once sealed; seal() on a sealed segment throws
// std::logic_error.
#include <cstdio>
#include <fstream>
#include <memory>
#include <stdexcept>
#include <string>
#include <utility>

class SegmentSink {
public:
  explicit SegmentSink(std::string path);
  void append(const std::string &line);
  void seal();
  bool sealed() const { return sealed_; }
  size_t size() const { return bytes_; }

private:
  std::string path_;
  std::ofstream out_;
  size_t bytes_ = 0;
  bool sealed_ = false;
};

SegmentSink::SegmentSink(std::string path)
    : path_(std::move(path)), out_(path_, std::ios::trunc) {}

void SegmentSink::append(const std::string &line) {
  if (sealed_)
    throw std::runtime_error("segment sealed: " + path_);
  out_ << line << '\n';
  bytes_ += line.size() + 1;
}

void SegmentSink::seal() {
  if (sealed_)
    throw std::logic_error("segment sealed twice: " + path_);
  out_.close();
  sealed_ = true;
}

class Tailer {
public:
  Tailer(std::shared_ptr<SegmentSink> sink, size_t limit)
      : sink_(std::move(sink)), limit_(limit) {}
  void onLine(const std::string &line);
  std::shared_ptr<SegmentSink> current() const { return sink_; }

private:
  void roll();
  std::shared_ptr<SegmentSink> sink_;
  size_t limit_;
  int generation_ = 0;
};

void Tailer::onLine(const std::string &line) {
  sink_->append(line);
  if (sink_->size() >= limit_)
    roll();
}

void Tailer::roll() {
  sink_->seal();
  sink_ = std::make_shared<SegmentSink>("/tmp/shipper-seg-" + std::to_string(++generation_));
  sink_->append("# segment start"); // OK: the freshly created segment, not the sealed one
}

class Shipper {
public:
  explicit Shipper(std::shared_ptr<SegmentSink> sink) : sink_(std::move(sink)) {}
  void markShipped(const std::string &batchId);
  void follow(const Tailer &tailer) { sink_ = tailer.current(); }
  void closeOut();

private:
  std::shared_ptr<SegmentSink> sink_;
};

void Shipper::markShipped(const std::string &batchId) {
  sink_->append("# shipped " + batchId); // SAME: stalesink
}

void Shipper::closeOut() {
  if (!sink_->sealed())
    sink_->seal(); // OK: skipped when the tailer already sealed this segment
}

void shipAccessLog(Tailer &tailer, Shipper &shipper) {
  tailer.onLine("GET /index.html 200");
  shipper.markShipped("b1"); // OK: segment 0 is still open
  for (int i = 0; i < 4; ++i)
    tailer.onLine("GET /api/v1/items?page=" + std::to_string(i) + " 200");
  shipper.markShipped("b2"); // BUG: use-after-close #stalesink
}

void resyncAndClose(Tailer &tailer, Shipper &shipper) {
  shipper.follow(tailer);
  shipper.markShipped("b3"); // OK: follow() picked up the tailer's current segment
  shipper.closeOut();
  shipper.closeOut(); // OK: closeOut() checks sealed() first
}

int main() {
  auto first = std::make_shared<SegmentSink>("/tmp/shipper-seg-0");
  Tailer tailer(first, 64);
  Shipper shipper(first);
  first.reset();
  try {
    shipAccessLog(tailer, shipper);
  } catch (const std::exception &e) {
    std::fprintf(stderr, "shipper: %s\n", e.what());
  }
  resyncAndClose(tailer, shipper);
  return 0;
}
