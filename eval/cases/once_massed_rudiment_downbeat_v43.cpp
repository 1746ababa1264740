// Massed bands at a Highland games: the drum major's downbeat and the rudiment
// calls go out to every band's lead drummer on one EventChannel. Any of the
// band coordinators' threads may end the massed performance, so shutdown()
// closes the channel under std::call_once and marks it closed under the same
// mutex that cue() holds while sending. playSet() sends the cues of a set and
// closes the channel itself on the final "massed halt", then stops.
// Negative case: the close in call_once runs once however many coordinators
// call shutdown(), cue() never sends after the close, and playSet() leaves the
// loop right after its close and closes afterwards only if it has not.
#include "messaging.h"

#include <mutex>
#include <string>
#include <thread>
#include <vector>

namespace massedbands {

class DownbeatChannel {
public:
  bool cue(const std::string &call) {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return false;
    channel_.send(call);
    return true;
  }

  void shutdown() {
    std::call_once(closeOnce_, [this] {
      std::lock_guard<std::mutex> lock(mu_);
      channel_.send("MASSED BANDS DISMISS");
      channel_.close(); // OK
      closed_ = true;
    });
  }

private:
  EventChannel channel_;
  std::mutex mu_;
  bool closed_ = false;
  std::once_flag closeOnce_;
};

struct Cue {
  std::string call;
  bool massedHalt = false;
};

void playSet(EventChannel &bandLine, const std::vector<Cue> &cues) {
  bool halted = false;
  for (const Cue &c : cues) {
    if (c.massedHalt) {
      bandLine.send("HALT");
      bandLine.close(); // OK
      halted = true;
      break;
    }
    bandLine.send(c.call);
  }
  if (!halted)
    bandLine.close(); // OK
}

void massedPerformance(DownbeatChannel &downbeat, const std::vector<std::string> &bands) {
  std::vector<std::thread> coordinators;
  for (const std::string &band : bands)
    coordinators.emplace_back([&downbeat, band] {
      downbeat.cue(band + ": ROLL OFF");
      downbeat.cue(band + ": FLAM ACCENT");
      downbeat.shutdown();
    });
  for (std::thread &t : coordinators)
    t.join();
  downbeat.cue("encore");
  downbeat.shutdown(); // OK
}

} // namespace massedbands
