// Watchmaker's repair shop: streams timing-machine traces of serviced
// movements (rate, amplitude, beat error per position) to the workshop's
// storage cluster over a multiplexed streaming channel, rejecting traces that
// are physically implausible.
#include "messaging.h"

#include <cstdio>
#include <string>
#include <vector>

struct PositionReading {
  std::string position; // DU, DD, 3U, ...
  double rateSecPerDay;
  double amplitudeDeg;
  double beatErrorMs;
};

struct TimingTrace {
  std::string movement;
  std::string jobTicket;
  std::vector<PositionReading> positions;
};

class TraceUploader {
public:
  explicit TraceUploader(cassandra::StreamSession &session) : session_(session) {}

  bool upload(const std::vector<TimingTrace> &traces);
  void abort(const std::string &reason);
  size_t uploaded() const { return uploaded_; }

private:
  static bool plausible(const TimingTrace &t);
  void sendTrace(const TimingTrace &t);
  void complete(size_t count);

  cassandra::StreamSession &session_;
  size_t uploaded_ = 0;
};

bool TraceUploader::plausible(const TimingTrace &t) {
  if (t.positions.empty())
    return false;
  for (const PositionReading &p : t.positions)
    if (p.amplitudeDeg < 120.0 || p.amplitudeDeg > 340.0 || p.beatErrorMs < 0.0)
      return false;
  return true;
}

void TraceUploader::sendTrace(const TimingTrace &t) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  for (const PositionReading &p : t.positions) {
    char body[160];
    std::snprintf(body, sizeof body, "%s|%s|%s|%+.1f|%.0f|%.2f", t.jobTicket.c_str(),
                  t.movement.c_str(), p.position.c_str(), p.rateSecPerDay,
                  p.amplitudeDeg, p.beatErrorMs);
    ch.sendMessage(ch.controlChannel(), cassandra::StreamMessage{"TRACE", body});
  }
}

void TraceUploader::complete(size_t count) {
  cassandra::StreamMessage done{"COMPLETE", std::to_string(count)};
  session_.channel().sendControlMessage(done); // SAME: complete
}

bool TraceUploader::upload(const std::vector<TimingTrace> &traces) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (session_.isPreview()) {
    ch.close();
    return true;
  }
  ch.setTimeout(30);

  size_t sent = 0;
  for (const TimingTrace &t : traces) {
    if (!plausible(t)) {
      ch.close();
      session_.onError("implausible trace for " + t.jobTicket);
      break;
    }
    sendTrace(t); // OK
    ++sent;
  }
  uploaded_ += sent;
  complete(sent); // BUG: use-after-close #complete
  return sent == traces.size();
}

void TraceUploader::abort(const std::string &reason) {
  cassandra::StreamingMultiplexedChannel &ch = session_.channel();
  if (ch.isClosed())
    return;
  ch.sendControlMessage(cassandra::StreamMessage{"ABORT", reason}); // OK
  ch.close();
}

bool upload_bench_day(cassandra::StreamSession &session,
                      const std::vector<TimingTrace> &traces, bool benchFault) {
  TraceUploader uploader(session);
  if (benchFault) {
    uploader.abort("timing machine fault");
    uploader.abort("operator cancelled"); // OK
    return false;
  }
  return uploader.upload(traces);
}
