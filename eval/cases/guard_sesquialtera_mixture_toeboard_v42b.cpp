// Toeboard leak bench for an organ's mixture stops (sesquialtera, cymbel, fourniture). Each
// rank is pressurised, the leak rate goes to Kafka, and the bench panel (an EventChannel)
// shows progress; alarmIfCritical() closes the panel when a rank leaks badly enough to
// stop the bench. Most paths guard their handles: an isOpen() or isClosed() check right
// before the send, a stored answer taken after the helper that may close, an early
// return on a closed producer. sealRank() stores isOpen() before calling the helper and
// sends on that stale answer; lateResult() checks the audit producer and then sends on
// the results producer, which finish() has already closed. (Marked after the first run:
// alarmIfCritical() sends its alarm without checking the panel, so a second critical
// rank, in the loop or at the retest, sends on the panel the first alarm closed.)
#include "messaging.h"

#include <chrono>
#include <string>
#include <vector>

struct MixtureRank {
  std::string name;
  int pipes;
  double leakPaPerMin;
};

constexpr double kCriticalLeak = 40.0;

class LeakBench {
public:
  LeakBench(kafka::KafkaProducer &results, kafka::KafkaProducer &audit, EventChannel &panel)
      : results_(results), audit_(audit), panel_(panel) {}

  void sealRank(const MixtureRank &r) {
    const bool panelUp = panel_.isOpen();
    alarmIfCritical(r);
    if (panelUp)
      panel_.send("sealed " + r.name); // BUG: use-after-close
  }

  void sealRankChecked(const MixtureRank &r) {
    alarmIfCritical(r);
    const bool panelUp = panel_.isOpen();
    if (panelUp)
      panel_.send("sealed " + r.name); // OK
  }

  void publish(const MixtureRank &r) {
    if (results_.isClosed())
      return;
    results_.send({"toeboard.leaks", r.name + " " + std::to_string(r.leakPaPerMin)});
  }

  void progress(int done, int total) {
    if (!panel_.isOpen())
      return;
    panel_.send(std::to_string(done) + "/" + std::to_string(total));
  }

  void finish() {
    results_.flush();
    results_.close(std::chrono::milliseconds(3000));
    if (!audit_.isClosed())
      audit_.send({"toeboard.audit", "bench finished"}); // OK
    if (panel_.isOpen())
      panel_.close(); // OK
  }

  void lateResult(const MixtureRank &r) {
    if (!audit_.isClosed())
      results_.send({"toeboard.leaks", r.name + " (late)"}); // SAME: late-result
  }

  void shutdown() {
    if (!results_.isClosed())
      results_.close(); // OK
    if (!audit_.isClosed())
      audit_.close();
  }

private:
  void alarmIfCritical(const MixtureRank &r) {
    if (r.leakPaPerMin <= kCriticalLeak)
      return;
    panel_.send("CRITICAL LEAK " + r.name); // SAME: second-critical
    panel_.close();
  }

  kafka::KafkaProducer &results_;
  kafka::KafkaProducer &audit_;
  EventChannel &panel_;
};

void testMixtures(LeakBench &bench, const std::vector<MixtureRank> &ranks,
                  const MixtureRank &retest) {
  int done = 0;
  for (const MixtureRank &r : ranks) {
    bench.sealRankChecked(r); // BUG: use-after-close #second-critical
    bench.publish(r);
    bench.progress(++done, static_cast<int>(ranks.size()));
  }
  bench.sealRank(retest); // BUG: use-after-close
  bench.finish();
  bench.publish(retest); // OK
  bench.lateResult(retest); // BUG: use-after-close #late-result
  bench.shutdown();
}
