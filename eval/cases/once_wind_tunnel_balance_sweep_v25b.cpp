// Wind tunnel test campaign. For each model configuration an angle-of-attack
// sweep is recorded from the six-component force balance into a raw data
// file (a file descriptor), run summaries are published to the lab's Kafka
// topic, and the fan drive is commanded over a FanDrive session whose close()
// throws if called twice. Each close inside a loop below runs at most once:
// it is followed by break, guarded by a flag that makes later iterations skip
// the object, or run through std::call_once.
#include <cstdio>
#include <mutex>
#include <stdexcept>
#include <string>
#include <unistd.h>
#include <vector>

#include "messaging.h"

class FanDrive {
public:
  void setRpm(int rpm) {
    if (closed_)
      throw std::runtime_error("fan drive session closed");
    rpm_ = rpm;
  }

  void close() {
    if (closed_)
      throw std::logic_error("fan drive session closed twice");
    rpm_ = 0;
    closed_ = true;
  }

private:
  int rpm_ = 0;
  bool closed_ = false;
};

struct BalanceSample {
  double alphaDeg = 0.0;
  double lift = 0.0, drag = 0.0, side = 0.0;
  double roll = 0.0, pitch = 0.0, yaw = 0.0;
  bool overload = false;
};

struct Alarm {
  std::string source;
  bool severe = false;
};

struct RunSummary {
  std::string config;
  double clMax = 0.0;
  bool endOfCampaign = false;
};

bool recordSweep(int fd, const std::vector<BalanceSample> &sweep) {
  bool aborted = false;
  for (const BalanceSample &s : sweep) {
    char line[160];
    int n = std::snprintf(line, sizeof line, "%.2f %.4f %.4f %.4f %.4f %.4f %.4f\n",
                          s.alphaDeg, s.lift, s.drag, s.side, s.roll, s.pitch,
                          s.yaw);
    ::write(fd, line, static_cast<std::size_t>(n)); // OK
    if (s.overload) {
      ::close(fd);
      aborted = true;
      break;
    }
  }
  if (aborted)
    return false;
  ::fsync(fd); // OK
  ::close(fd); // OK
  return true;
}

class TunnelSafety {
public:
  explicit TunnelSafety(FanDrive &fan) : fan_(fan) {}

  void onAlarms(const std::vector<Alarm> &alarms) {
    for (const Alarm &alarm : alarms) {
      std::fprintf(stderr, "alarm from %s\n", alarm.source.c_str());
      if (alarm.severe)
        std::call_once(fanStopped_, [this] { fan_.close(); }); // OK
    }
  }

private:
  FanDrive &fan_;
  std::once_flag fanStopped_;
};

int publishRuns(kafka::KafkaProducer &producer,
                const std::vector<RunSummary> &runs) {
  bool closed = false;
  int dropped = 0;
  for (const RunSummary &run : runs) {
    if (closed) {
      ++dropped;
      continue;
    }
    std::string summary = run.config + " CLmax=" + std::to_string(run.clMax);
    producer.send({"tunnel.runs", summary}); // OK
    if (run.endOfCampaign) {
      producer.flush();
      producer.close(); // OK
      closed = true;
    }
  }
  return dropped;
}

void spinDown(FanDrive &fan, const std::vector<int> &rpmSteps) {
  for (std::size_t i = 0; i < rpmSteps.size(); ++i) {
    fan.setRpm(rpmSteps[i]); // OK
    if (i == rpmSteps.size() - 1)
      fan.close(); // OK
  }
}
