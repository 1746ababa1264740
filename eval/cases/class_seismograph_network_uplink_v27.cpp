// Uplinks of a regional seismograph network. Each station forwards waveform
// packets to the primary data centre and fails over to the backup centre
// when the primary link drops; a trigger (an event above the STA/LTA
// threshold) is sent on whichever link is live. Packets are compressed on a
// small Scheduler pool before they are sent.
// Negative case: a closed link is replaced by a fresh Connection before it is
// used again, sends check isClosed() first, net::Connection::close() is
// idempotent, and the pool is shut down only after its last submit.
#include "netconn.h"
#include "scheduler.h"

#include <mutex>
#include <string>
#include <utility>
#include <vector>

struct WaveformPacket {
  std::string station;
  long startMicros;
  std::vector<int> counts;
};

class StationUplink {
public:
  StationUplink(std::string primary, std::string backup)
      : primaryEndpoint_(std::move(primary)), backupEndpoint_(std::move(backup)),
        primary_(primaryEndpoint_), backup_(backupEndpoint_) {}

  void forward(const std::string &payload);
  void trigger(const std::string &station, double ratio);
  void primaryDropped();
  void primaryRestored();
  void close();

private:
  net::Connection &live() { return onBackup_ ? backup_ : primary_; }

  std::string primaryEndpoint_, backupEndpoint_;
  net::Connection primary_;
  net::Connection backup_;
  bool onBackup_ = false;
  std::mutex mutex_;
};

void StationUplink::forward(const std::string &payload) {
  std::lock_guard<std::mutex> lock(mutex_);
  net::Connection &c = live();
  if (c.isClosed())
    return;
  c.send(payload); // OK
}

void StationUplink::trigger(const std::string &station, double ratio) {
  std::lock_guard<std::mutex> lock(mutex_);
  net::Connection &c = live();
  if (c.isClosed())
    return;
  c.send("TRIGGER " + station + " " + std::to_string(ratio));
  c.flush(); // OK
}

void StationUplink::primaryDropped() {
  std::lock_guard<std::mutex> lock(mutex_);
  primary_.close();
  onBackup_ = true;
  backup_.send("FAILOVER from " + primaryEndpoint_); // OK
}

void StationUplink::primaryRestored() {
  std::lock_guard<std::mutex> lock(mutex_);
  primary_ = net::Connection(primaryEndpoint_);
  primary_.send("RESUME"); // OK
  onBackup_ = false;
}

void StationUplink::close() {
  std::lock_guard<std::mutex> lock(mutex_);
  primary_.close();
  backup_.close();
}

static std::string compress(const WaveformPacket &p) {
  std::string out = p.station + "@" + std::to_string(p.startMicros) + ":";
  int prev = 0;
  for (int c : p.counts) {
    out += std::to_string(c - prev);
    out += ',';
    prev = c;
  }
  return out;
}

int shipBatch(StationUplink &uplink, const std::vector<WaveformPacket> &batch, bool primaryDown) {
  Scheduler pool(2);
  for (const WaveformPacket &p : batch)
    pool.submit([&uplink, &p] { uplink.forward(compress(p)); });
  if (primaryDown)
    uplink.primaryDropped();
  pool.wait();
  pool.shutdown();
  uplink.trigger(batch.empty() ? "none" : batch.front().station, 3.2);
  uplink.close();
  uplink.close(); // OK
  uplink.forward("late packet"); // OK
  return static_cast<int>(batch.size());
}
