// Moromi tank probes of a sake brewery stream their readings to the
// brewery's process historian over a Cassandra-style multiplexed streaming
// channel. negotiate() closes the channel and throws ProbeProtocolError when
// the historian speaks another protocol version; sendPressing() closes the
// channel and returns false when the mash's alcohol is outside the band the
// toji allows for pressing. The tank start catches the protocol error, logs
// it, and goes on to announce the run; the run end logs a rejected final
// pressing and goes on to announce the end.
#include "messaging.h"

#include <cstdio>
#include <stdexcept>
#include <string>
#include <vector>

class ProbeProtocolError : public std::runtime_error {
public:
  using std::runtime_error::runtime_error;
};

struct MoromiReading {
  int tank;
  double mashC;
  double abv;
};

[[noreturn]] void haltTank(cassandra::StreamingMultiplexedChannel &ch, int tank) {
  ch.close();
  throw std::runtime_error("tank " + std::to_string(tank) + " halted");
}

void negotiate(cassandra::StreamingMultiplexedChannel &ch, int historianVersion) {
  if (historianVersion != 3) {
    ch.close();
    throw ProbeProtocolError("historian protocol v" + std::to_string(historianVersion));
  }
  ch.sendControlMessage({"HELLO", "probe/3"});
}

bool sendPressing(cassandra::StreamingMultiplexedChannel &ch, const MoromiReading &r) {
  if (r.abv < 15.0 || r.abv > 20.5) {
    ch.close();
    return false;
  }
  ch.sendMessage(ch.controlChannel(), {"PRESS", std::to_string(r.abv)});
  return true;
}

void startTank(cassandra::StreamingMultiplexedChannel &ch, int historianVersion, int tank) {
  try {
    negotiate(ch, historianVersion);
  } catch (const ProbeProtocolError &e) {
    std::fprintf(stderr, "tank %d: %s\n", tank, e.what());
  }
  ch.sendControlMessage({"RUN_START", std::to_string(tank)}); // BUG: use-after-close
}

void startTankStrict(cassandra::StreamingMultiplexedChannel &ch, int historianVersion,
                     int tank) {
  try {
    negotiate(ch, historianVersion);
  } catch (const ProbeProtocolError &e) {
    std::fprintf(stderr, "tank %d: %s\n", tank, e.what());
    throw;
  }
  ch.sendControlMessage({"RUN_START", std::to_string(tank)}); // OK
}

int streamPressings(cassandra::StreamingMultiplexedChannel &ch,
                    const std::vector<MoromiReading> &readings) {
  int sent = 0;
  for (const MoromiReading &r : readings) {
    if (r.mashC > 22.0)
      haltTank(ch, r.tank);
    if (!sendPressing(ch, r))
      return sent;
    ch.sendMessage(ch.controlChannel(), {"TEMP", std::to_string(r.mashC)}); // OK
    ++sent;
  }
  ch.sendControlMessage({"PRESSINGS_DONE", std::to_string(sent)}); // OK
  return sent;
}

void finishRun(cassandra::StreamingMultiplexedChannel &ch, const MoromiReading &last) {
  if (!sendPressing(ch, last))
    std::fprintf(stderr, "tank %d: final pressing at %.1f%% rejected\n", last.tank, last.abv);
  ch.sendControlMessage({"RUN_END", std::to_string(last.tank)}); // BUG: use-after-close
}
