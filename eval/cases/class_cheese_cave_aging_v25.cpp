// Cheese cave aging monitor: the affinage rooms report humidity, temperature
// and ammonia per rack, and the monitor streams them to the creamery's
// central store over a multiplexed streaming channel, one control message at
// the start and end of each turning round. Correct: the end-of-round control
// message is sent before close(), the loop breaks right after the close on
// an ammonia alarm, the error path returns after closing, and later senders
// check isClosed() first.
#include "messaging.h"

#include <string>
#include <vector>

namespace affinage {

struct RackReading {
  int room = 0;
  int rack = 0;
  double humidityPct = 0;
  double tempC = 0;
  double ammoniaPpm = 0;
};

constexpr double kAmmoniaAlarmPpm = 25.0;

static cassandra::StreamMessage readingMessage(const RackReading &r) {
  return {"reading", std::to_string(r.room) + "/" + std::to_string(r.rack) + " rh=" +
                         std::to_string(r.humidityPct) + " t=" + std::to_string(r.tempC) +
                         " nh3=" + std::to_string(r.ammoniaPpm)};
}

class CaveUplink {
public:
  explicit CaveUplink(cassandra::StreamSession &session) : session_(session) {}

  bool streamRound(int round, const std::vector<RackReading> &readings);
  void operatorNote(const std::string &text);
  void finish(int rounds);

private:
  cassandra::StreamSession &session_;
  int sent_ = 0;
};

bool CaveUplink::streamRound(int round, const std::vector<RackReading> &readings) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return false;
  ch.sendControlMessage({"round-start", std::to_string(round)}); // OK
  for (const RackReading &r : readings) {
    if (r.ammoniaPpm > kAmmoniaAlarmPpm) {
      ch.sendControlMessage({"alarm", "ammonia room " + std::to_string(r.room)});
      ch.close();
      break;
    }
    ch.sendMessage(ch.controlChannel(), readingMessage(r)); // OK
    ++sent_;
  }
  if (ch.isClosed())
    return false;
  ch.sendControlMessage({"round-end", std::to_string(round)}); // OK
  return true;
}

void CaveUplink::operatorNote(const std::string &text) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.sendControlMessage({"note", text}); // OK
}

void CaveUplink::finish(int rounds) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.sendControlMessage({"summary", std::to_string(rounds) + " rounds " +
                                        std::to_string(sent_) + " readings"});
  ch.close();
}

int runTurningDay(cassandra::StreamSession &session,
                  const std::vector<std::vector<RackReading>> &rounds) {
  if (session.isPreview()) {
    session.channel().close();
    return 0;
  }
  session.channel().setTimeout(30);
  CaveUplink uplink(session);
  int done = 0;
  for (const auto &round : rounds) {
    if (!uplink.streamRound(done + 1, round))
      break;
    ++done;
  }
  uplink.operatorNote("turning finished after " + std::to_string(done) + " rounds"); // OK
  uplink.finish(done);
  return done;
}

} // namespace affinage
