// Geodetic baseline campaign uploader. The epochs of each occupied baseline are streamed
// to the processing cluster over the session's multiplexed channel; a rejected epoch
// makes abortBaseline() report the error and close that channel through the session.
// uploadCampaign() checks isClosed() before every send; replayBaseline() breaks out on
// the rejection and then sends its summary on the closed channel. publishResults()
// closes the Kafka producer with a timeout and then only queries it, but the status
// reporter lambda it built earlier is still called after the status channel is closed.
#include "messaging.h"

#include <chrono>
#include <cstdio>
#include <string>
#include <vector>

struct Epoch {
  std::string station;
  double dx, dy, dz;
  bool rejected;
};

static void abortBaseline(cassandra::StreamSession &session, const std::string &why) {
  session.onError(why);
  session.channel().close();
}

static cassandra::StreamMessage epochMessage(const Epoch &e) {
  char body[96];
  std::snprintf(body, sizeof body, "%.4f %.4f %.4f", e.dx, e.dy, e.dz);
  return {"EPOCH " + e.station, body};
}

void uploadCampaign(cassandra::StreamSession &session, const std::vector<Epoch> &epochs) {
  cassandra::StreamingMultiplexedChannel &ch = session.channel();
  ch.setTimeout(30);
  for (const Epoch &e : epochs) {
    if (e.rejected)
      abortBaseline(session, "rejected epoch at " + e.station);
    if (ch.isClosed())
      break;
    ch.sendMessage(ch.controlChannel(), epochMessage(e));
  }
}

void replayBaseline(cassandra::StreamSession &session, const std::vector<Epoch> &epochs) {
  cassandra::StreamingMultiplexedChannel &ch = session.channel();
  std::size_t sent = 0;
  for (const Epoch &e : epochs) {
    if (e.rejected) {
      abortBaseline(session, "replay rejected at " + e.station);
      break;
    }
    ch.sendMessage(ch.controlChannel(), epochMessage(e)); // OK
    ++sent;
  }
  ch.sendControlMessage({"SUMMARY", std::to_string(sent) + " epochs"}); // BUG: use-after-close
}

void previewBaseline(cassandra::StreamSession &session, const Epoch &first) {
  if (session.isPreview()) {
    session.channel().sendControlMessage({"PREVIEW", first.station});
    session.channel().close();
    return;
  }
  session.channel().sendMessage(session.channel().controlChannel(), epochMessage(first)); // OK
}

void publishResults(kafka::KafkaProducer &producer, EventChannel &status,
                    const std::vector<Epoch> &epochs) {
  auto report = [&status](const std::string &line) {
    status.send(line); // SAME: late-status
  };
  for (const Epoch &e : epochs) {
    if (e.rejected)
      continue;
    producer.send({"geodesy.baselines", e.station + " " + epochMessage(e).Body});
  }
  producer.flush();
  report("baselines published");
  producer.close(std::chrono::milliseconds(5000));
  const int undelivered = producer.pendingCount(); // OK
  if (undelivered > 0)
    report(std::to_string(undelivered) + " baselines undelivered");
  status.close();
  if (producer.isClosed()) // OK
    report("campaign closed"); // BUG: use-after-close #late-status
}
