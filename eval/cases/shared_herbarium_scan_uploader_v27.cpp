// Specimen scanning pipeline for a herbarium. Scanned sheets are announced on
// an EventChannel shared by the ScanUploader (which announces uploads) and
// the TaxonIndexer (which announces index updates); the ProgressReporter only
// observes the channel through a weak_ptr. A scanning session ends with
// ScanUploader::finish(), which closes the channel it was given.
#include "messaging.h"

#include <memory>
#include <string>
#include <utility>
#include <vector>

struct SheetScan {
  std::string barcode;
  std::string taxon;
  std::string collector;
  int year;
};

class ScanUploader {
public:
  explicit ScanUploader(std::shared_ptr<EventChannel> events) : events_(std::move(events)) {}

  void upload(const SheetScan &s) {
    uploaded_.push_back(s.barcode);
    events_->send("uploaded " + s.barcode);
  }
  void finish() {
    events_->send("session done: " + std::to_string(uploaded_.size()) + " sheets");
    events_->close();
  }
  std::size_t count() const { return uploaded_.size(); }

private:
  std::shared_ptr<EventChannel> events_;
  std::vector<std::string> uploaded_;
};

class TaxonIndexer {
public:
  explicit TaxonIndexer(std::shared_ptr<EventChannel> events) : events_(std::move(events)) {}

  void add(const SheetScan &s) {
    pending_.push_back(s.taxon);
    if (pending_.size() >= 25)
      commit();
  }
  void commit() {
    if (pending_.empty())
      return;
    events_->send("index +" + std::to_string(pending_.size()) + " taxa"); // SAME: index
    pending_.clear();
  }
  void rebind(std::shared_ptr<EventChannel> events) { events_ = std::move(events); }

private:
  std::shared_ptr<EventChannel> events_;
  std::vector<std::string> pending_;
};

class ProgressReporter {
public:
  explicit ProgressReporter(std::weak_ptr<EventChannel> events) : events_(std::move(events)) {}
  void report(std::size_t done, std::size_t total) {
    std::shared_ptr<EventChannel> ch = events_.lock();
    if (!ch || !ch->isOpen())
      return;
    ch->send("progress " + std::to_string(done) + "/" + std::to_string(total)); // OK
  }

private:
  std::weak_ptr<EventChannel> events_;
};

std::shared_ptr<EventChannel> openSessionChannel(const std::string &station);

int scanSession(const std::string &station, const std::vector<SheetScan> &scans) {
  std::shared_ptr<EventChannel> events = openSessionChannel(station);
  ScanUploader uploader(events);
  TaxonIndexer indexer(events);
  ProgressReporter progress(events);
  std::size_t done = 0;
  for (const SheetScan &s : scans) {
    if (s.barcode.empty())
      continue;
    uploader.upload(s);
    indexer.add(s);
    progress.report(++done, scans.size());
  }
  uploader.finish();
  progress.report(done, scans.size()); // OK
  indexer.commit(); // BUG: use-after-close #index
  return static_cast<int>(uploader.count());
}

int rescanSession(const std::string &station, const std::vector<SheetScan> &scans) {
  std::shared_ptr<EventChannel> events = openSessionChannel(station);
  ScanUploader uploader(events);
  TaxonIndexer indexer(events);
  for (const SheetScan &s : scans) {
    uploader.upload(s);
    indexer.add(s);
  }
  uploader.finish();
  events = openSessionChannel(station + "-index");
  indexer.rebind(events);
  indexer.commit(); // OK
  events->send("rescan complete"); // OK
  return static_cast<int>(uploader.count());
}
