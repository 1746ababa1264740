// An append-only segment log. Several writers guard the active segment
// correctly (check after anything that may seal it, re-roll when sealed,
// idempotent seal). appendRecord() however checks the segment, then calls
// maybeSeal(), which seals the segment when it just reached its capacity, and
// writes without re-checking: on that path the write goes to a sealed (closed)
// segment and throws. appendChecked() shows the right order.
#include <cstddef>
#include <memory>
#include <stdexcept>
#include <string>
#include <vector>

class Segment {
public:
  Segment(int id, std::size_t capacity) : id_(id), capacity_(capacity) {}
  void write(const std::string &rec) {
    if (sealed_)
      throw std::runtime_error("write to sealed segment " + std::to_string(id_));
    data_ += rec;
    data_ += '\n';
  }
  void seal() {
    if (sealed_)
      return;
    data_ += "#sealed\n";
    sealed_ = true;
  }
  bool isOpen() const { return !sealed_; }
  bool full() const { return data_.size() >= capacity_; }
  int id() const { return id_; }

private:
  int id_;
  std::size_t capacity_;
  std::string data_;
  bool sealed_ = false;
};

class SegmentLog {
public:
  explicit SegmentLog(std::size_t capacity) : capacity_(capacity) { roll(); }

  void appendRecord(const std::string &rec) {
    if (!active_->isOpen())
      roll();
    maybeSeal();
    active_->write(rec); // BUG: use-after-close
  }

  void appendChecked(const std::string &rec) {
    maybeSeal();
    if (!active_->isOpen())
      roll();
    active_->write(rec); // OK: roll() installed a fresh segment if maybeSeal() sealed the old one
  }

  void appendMarker(const std::string &marker) {
    if (active_->isOpen() && !active_->full())
      active_->write("#" + marker); // OK: both conditions checked right before the write
  }

  void close() {
    if (active_->isOpen())
      active_->seal();
    for (auto &segment : sealed_)
      segment->seal(); // OK: seal() returns early on segments that roll() retired already sealed
  }

private:
  void maybeSeal() {
    if (active_->full())
      active_->seal();
  }
  void roll() {
    if (active_)
      sealed_.push_back(std::move(active_));
    active_ = std::make_unique<Segment>(nextId_++, capacity_);
  }

  std::size_t capacity_;
  int nextId_ = 0;
  std::unique_ptr<Segment> active_;
  std::vector<std::unique_ptr<Segment>> sealed_;
};

void ingest(SegmentLog &log, const std::vector<std::string> &records) {
  log.appendMarker("batch-start");
  for (const auto &rec : records)
    log.appendRecord(rec);
  log.appendChecked("batch-end");
  log.close();
}
