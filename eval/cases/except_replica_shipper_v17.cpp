// WAL segment shipper for a primary database. Segments are sealed locally by
// SegmentWriter and streamed to the replica over repl::ReplicationChannel; a
// heartbeat thread keeps the replica's lag estimate fresh.
// repl::ReplicationChannel (replication.h): send() on a closed channel fails
// with "replication channel closed"; the channel may be used from several
// threads at once (the library serializes sends internally).
// SegmentWriter (below): append() throws once sealed; close() seals the
// segment and throws std::logic_error("segment already sealed") when called
// on a sealed segment, because it would write the footer twice.
#include "replication.h"

#include <atomic>
#include <chrono>
#include <cstddef>
#include <iostream>
#include <memory>
#include <stdexcept>
#include <string>
#include <thread>
#include <utility>
#include <vector>

class SegmentWriter {
public:
  explicit SegmentWriter(std::string name) : name_(std::move(name)) {}
  void append(const std::string &record) {
    if (sealed_)
      throw std::logic_error("segment " + name_ + " sealed");
    body_ += record;
  }
  void close() {
    if (sealed_)
      throw std::logic_error("segment already sealed: " + name_);
    body_ += "#footer";
    sealed_ = true;
  }
  const std::string &name() const { return name_; }
  const std::string &bytes() const { return body_; }

private:
  std::string name_;
  std::string body_;
  bool sealed_ = false;
};

// Local archive of sealed segments with a byte quota; store() throws
// std::runtime_error when the quota would be exceeded.
class LocalArchive {
public:
  explicit LocalArchive(std::size_t quota) : quota_(quota) {}
  void store(const std::string &name, const std::string &bytes) {
    if (used_ + bytes.size() > quota_)
      throw std::runtime_error("archive quota exceeded storing " + name);
    used_ += bytes.size();
  }

private:
  std::size_t quota_;
  std::size_t used_ = 0;
};

class Shipper {
public:
  explicit Shipper(std::string replica)
      : replica_(std::move(replica)),
        channel_(std::make_unique<repl::ReplicationChannel>(replica_)) {}

  void startHeartbeat() {
    running_ = true;
    heartbeat_ = std::thread([this] {
      while (running_) {
        channel_->send("HB " + std::to_string(lsn_.load())); // BUG: use-after-close #heartbeat
        std::this_thread::sleep_for(std::chrono::milliseconds(500));
      }
    });
  }

  // Ships one batch of records as a sealed segment.
  void shipSegment(const std::string &name, const std::vector<std::string> &records) {
    SegmentWriter segment(name);
    try {
      for (const std::string &r : records)
        segment.append(r);
      segment.close();
      channel_->send("SEG " + segment.name() + " " + segment.bytes());
      lsn_ += static_cast<long>(records.size());
    } catch (const std::exception &e) {
      std::cerr << "shipping " << name << " failed: " << e.what() << "\n";
      spool_.push_back(name);
      channel_->close(); // SAME: heartbeat
      reportFailure(name); // BUG: use-after-close #nack
    }
  }

  // Keeps a local copy of every segment; archive errors are logged only.
  void archiveSegment(const std::string &name, const std::vector<std::string> &records) {
    SegmentWriter segment(name);
    try {
      for (const std::string &r : records)
        segment.append(r);
      segment.close();
      archive_.store(segment.name(), segment.bytes());
    } catch (const std::exception &e) {
      std::cerr << "archiving " << name << " failed: " << e.what() << "\n";
      segment.close(); // BUG: double-close
    }
  }

  // Called after shipSegment() failed: reconnect and resend spooled names.
  void recover() {
    running_ = false;
    if (heartbeat_.joinable())
      heartbeat_.join();
    if (!channel_->IsClosed())
      channel_->close(); // OK: guarded by IsClosed()
    channel_ = std::make_unique<repl::ReplicationChannel>(replica_);
    for (const std::string &name : spool_)
      channel_->send("RESEND " + name); // OK: channel_ was replaced by a new channel
    spool_.clear();
    startHeartbeat();
  }

  void stop() {
    running_ = false;
    if (heartbeat_.joinable())
      heartbeat_.join();
    if (channel_->IsClosed())
      return;
    channel_->flush(); // OK: guarded by IsClosed(); the heartbeat thread is joined
    channel_->close();
  }

private:
  void reportFailure(const std::string &name) {
    channel_->send("NACK " + name); // SAME: nack
  }

  std::string replica_;
  std::unique_ptr<repl::ReplicationChannel> channel_;
  std::vector<std::string> spool_;
  LocalArchive archive_{64 * 1024 * 1024};
  std::atomic<long> lsn_{0};
  std::atomic<bool> running_{false};
  std::thread heartbeat_;
};

int main() {
  Shipper shipper("replica-1:5433");
  shipper.startHeartbeat();
  shipper.archiveSegment("000000010000000A", {"insert 1", "insert 2"});
  shipper.shipSegment("000000010000000A", {"insert 1", "insert 2"});
  shipper.recover();
  shipper.shipSegment("000000010000000B", {"update 7"});
  shipper.stop();
  return 0;
}
