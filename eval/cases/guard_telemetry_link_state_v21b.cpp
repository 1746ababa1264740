// Telemetry uplink for a fleet agent: metric samples are encoded and shipped
// to a collector over repl::ReplicationChannel (send()/flush() on a closed
// channel fail with "replication channel closed"). The exporter consults the
// link state before sending. Two paths get it wrong: retarget() trusts a
// connected() snapshot taken before its own close(), and shutdown() calls the
// heartbeat helper, whose Draining check does not cover a Closed link.
#include <replication.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

namespace telemetry {

struct Sample {
  std::string metric;
  double value = 0;
  long tsMillis = 0;
};

static std::string encode(const Sample &s) {
  char buf[192];
  std::snprintf(buf, sizeof buf, "%s %.3f %ld", s.metric.c_str(), s.value,
                s.tsMillis);
  return buf;
}

class UplinkExporter {
public:
  explicit UplinkExporter(const std::string &collector)
      : collector_(collector),
        channel_(std::make_unique<repl::ReplicationChannel>(collector)) {}

  // Ships a batch when the link is open; returns how many samples went out.
  size_t exportBatch(const std::vector<Sample> &batch) {
    if (channel_->state() != repl::LinkState::Open)
      return 0;
    for (const Sample &s : batch)
      channel_->send(encode(s));
    channel_->flush();
    exported_ += batch.size();
    return batch.size();
  }

  // Sent by the agent's timer; a draining link is left alone.
  void heartbeat() {
    if (channel_->state() == repl::LinkState::Draining)
      return;
    channel_->send("HB " + collector_ + " " + std::to_string(exported_)); // SAME: hb
  }

  // The collector asked us to back off: drain and close an open link; a link
  // that is still connecting only gets told about the new protocol.
  void backoff(const std::vector<Sample> &pending) {
    const repl::LinkState st = channel_->state();
    if (st == repl::LinkState::Open) {
      for (const Sample &s : pending)
        channel_->send(encode(s));
      channel_->flush();
      channel_->close();
    }
    if (st == repl::LinkState::Connecting)
      channel_->send("HELLO v2 backoff"); // OK: a connecting link was not closed above
  }

  // Moves to another collector, saying goodbye on the old link first.
  void retarget(const std::string &next) {
    const bool wasConnected = channel_->connected();
    channel_->close();
    if (wasConnected)
      channel_->send("BYE " + collector_); // BUG: use-after-close
    collector_ = next;
    channel_ = std::make_unique<repl::ReplicationChannel>(next);
    channel_->send("HELLO v2 " + next); // OK: a fresh channel replaced the closed one
  }

  void shutdown() {
    if (channel_->IsClosed())
      return;
    channel_->flush(); // OK: the early return covers an already closed link
    channel_->close();
    heartbeat(); // BUG: use-after-close #hb
  }

  size_t exported() const { return exported_; }

private:
  std::string collector_;
  std::unique_ptr<repl::ReplicationChannel> channel_;
  size_t exported_ = 0;
};

} // namespace telemetry

int main() {
  using telemetry::Sample;
  telemetry::UplinkExporter exporter("collector-eu1.internal:7070");
  std::vector<Sample> batch{{"cpu.load1", 0.42, 1700000000000},
                            {"mem.rss_mb", 512.0, 1700000000000},
                            {"disk.used_pct", 71.5, 1700000000000}};
  exporter.exportBatch(batch);
  exporter.heartbeat();
  exporter.retarget("collector-eu2.internal:7070");
  exporter.exportBatch(batch);
  exporter.shutdown();
  std::printf("exported %zu samples\n", exporter.exported());
  return 0;
}
