// Entry-lane controller of a multi-storey car park. The lane talks to the
// barrier over a GateLink and publishes occupancy changes to the level
// counters through a repl::ReplicationChannel (replication.h: send() on a
// closed channel fails). armBarrier() closes the gate link when the barrier
// reports a fault and returns false; publishOccupancy() closes the channel and
// throws SyncError when the peer does not acknowledge.
// Negative case: every caller goes on with the object only after the helper
// succeeded, and replaces the closed object on the failure path before the
// next use; shutdown() closes only what is still open.
#include "replication.h"

#include <cstdio>
#include <memory>
#include <stdexcept>
#include <string>

struct SyncError : std::runtime_error {
  using std::runtime_error::runtime_error;
};

int openSerial(const std::string &dev);
bool writeLine(int fd, const std::string &line);
std::string readLine(int fd);
void closeSerial(int fd);

// RS-485 link to one barrier. send() throws std::logic_error once closed;
// close() a second time throws std::logic_error.
class GateLink {
public:
  explicit GateLink(const std::string &dev) : fd_(openSerial(dev)) {}
  ~GateLink() {
    if (fd_ >= 0)
      closeSerial(fd_);
  }
  GateLink(const GateLink &) = delete;
  GateLink &operator=(const GateLink &) = delete;

  void send(const std::string &cmd) {
    if (fd_ < 0)
      throw std::logic_error("gate link closed");
    writeLine(fd_, cmd);
  }
  std::string status() {
    send("STATUS?");
    return readLine(fd_);
  }
  void close() {
    if (fd_ < 0)
      throw std::logic_error("gate link closed twice");
    closeSerial(fd_);
    fd_ = -1;
  }
  bool isOpen() const { return fd_ >= 0; }

private:
  int fd_;
};

// Closes the link and returns false when the barrier reports a fault.
bool armBarrier(GateLink &gate) {
  if (gate.status().rfind("FAULT", 0) == 0) {
    gate.close();
    return false;
  }
  gate.send("ARM");
  return true;
}

// Closes the channel and throws SyncError when the counter peer is gone.
void publishOccupancy(repl::ReplicationChannel &ch, int delta) {
  if (!ch.connected()) {
    ch.close();
    throw SyncError("level counter unreachable");
  }
  ch.send("OCC " + std::to_string(delta));
}

class EntryLane {
public:
  EntryLane(std::string gateDev, std::string counterPeer)
      : gateDev_(std::move(gateDev)), counterPeer_(std::move(counterPeer)),
        gate_(std::make_unique<GateLink>(gateDev_)),
        counter_(std::make_unique<repl::ReplicationChannel>(counterPeer_)) {}

  void vehicleArrived(const std::string &plate) {
    if (!armBarrier(*gate_)) {
      std::fprintf(stderr, "barrier fault, %s sent to the intercom\n", plate.c_str());
      gate_ = std::make_unique<GateLink>(gateDev_); // fresh link for the next car
      return;
    }
    gate_->send("OPEN"); // OK: armBarrier() succeeded, the link is open
    try {
      publishOccupancy(*counter_, pendingDelta_ + 1);
      pendingDelta_ = 0;
    } catch (const SyncError &) {
      counter_ = std::make_unique<repl::ReplicationChannel>(counterPeer_);
      ++pendingDelta_;
      return;
    }
    counter_->flush(); // OK: publishOccupancy() returned normally
  }

  void shutdown() {
    if (gate_->isOpen()) {
      gate_->send("LOCK"); // OK: guarded by isOpen()
      gate_->close();
    }
    if (!counter_->IsClosed()) {
      counter_->flush(); // OK: guarded by IsClosed()
      counter_->close();
    }
  }

private:
  std::string gateDev_, counterPeer_;
  std::unique_ptr<GateLink> gate_;
  std::unique_ptr<repl::ReplicationChannel> counter_;
  int pendingDelta_ = 0;
};

void runLane(const std::string *plates, std::size_t n) {
  EntryLane lane("/dev/ttyS2", "level-counter-3:7400");
  for (std::size_t i = 0; i < n; ++i)
    lane.vehicleArrived(plates[i]);
  lane.shutdown();
}
