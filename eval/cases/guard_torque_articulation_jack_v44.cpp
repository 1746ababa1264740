// Thrust and articulation control of a tunnel boring machine. Cutterhead
// torque goes out on an EventChannel held by TorqueFeed (reset on close), the
// thrust-jack group reports through a mutex-guarded JackGroupLink, the
// articulation PLC session is a Cassandra-style multiplexed channel, and jack
// pressures go to a std::ofstream that is closed once it grows too large.
#include "messaging.h"
#include <fstream>
#include <memory>
#include <mutex>
#include <string>
#include <vector>

class TorqueFeed {
public:
  TorqueFeed() : conn_(std::make_unique<EventChannel>()) {}
  void publish(double kNm) {
    if (!conn_)
      return;
    conn_->send("torque " + std::to_string(kNm));
  }
  void close() {
    if (!conn_)
      return;
    conn_->close();
    conn_.reset();
  }

private:
  std::unique_ptr<EventChannel> conn_;
};

class JackGroupLink {
public:
  void report(int group, double bar) {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    channel_.send("jack " + std::to_string(group) + " " + std::to_string(bar));
  }
  void close() {
    std::lock_guard<std::mutex> lk(mu_);
    if (closed_)
      return;
    closed_ = true;
    channel_.close();
  }

private:
  std::mutex mu_;
  bool closed_ = false;
  EventChannel channel_;
};

void thrustStroke(EventChannel &ringFeed, TorqueFeed &torque, const std::vector<double> &kNm) {
  const bool live = ringFeed.isOpen();
  for (double t : kNm) {
    torque.publish(t);
    if (t > 4500.0) {
      ringFeed.close();
      torque.close();
      break;
    }
  }
  torque.publish(0.0); // OK
  if (live)
    ringFeed.send("stroke complete"); // BUG: use-after-close
}

void steerStroke(EventChannel &ringFeed, const std::vector<double> &kNm) {
  bool live = ringFeed.isOpen();
  for (double t : kNm) {
    if (t > 4500.0) {
      ringFeed.close();
      live = false;
      break;
    }
  }
  if (live)
    ringFeed.send("steer stroke complete"); // OK
}

void articulate(cassandra::StreamingMultiplexedChannel &plc, double degrees) {
  if (degrees > 1.5)
    plc.close();
  if (!plc.isClosed() && degrees > 0.0)
    plc.sendControlMessage({"ARTIC", std::to_string(degrees)}); // OK
}

void ringComplete(cassandra::StreamingMultiplexedChannel &plc, int ring, double degrees) {
  if (plc.isClosed())
    return;
  articulate(plc, degrees);
  plc.sendControlMessage({"RING_DONE", std::to_string(ring)}); // BUG: use-after-close
}

// Once the pressure log passes the size limit it is closed for the archiver.
void closeIfFull(std::ofstream &log) {
  if (log.tellp() > std::streampos(64 << 20))
    log.close();
}

void recordJackPressures(std::ofstream &jackLog, int ring, const std::vector<double> &bar) {
  closeIfFull(jackLog);
  if (jackLog)
    for (double b : bar)
      jackLog << ring << ',' << b << '\n'; // BUG: use-after-close
}

void recordGreasing(std::ofstream &jackLog, int ring, double litres) {
  closeIfFull(jackLog);
  if (jackLog.is_open())
    jackLog << ring << ",grease," << litres << '\n'; // OK
}

void endOfShift(JackGroupLink &jacks, TorqueFeed &torque) {
  jacks.close();
  torque.close();
  jacks.report(3, 0.0); // OK
  jacks.close(); // OK
}
