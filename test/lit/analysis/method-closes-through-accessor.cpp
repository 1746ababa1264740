// A method of the caller's own class that closes what an accessor returns
// (`session_.channel().close()` in abort()) leaves it closed for the caller:
// its summary's close is what the accessor returns after the call, not a
// stale result the call may have changed. A caller that returns right after
// the abort, or checks the channel, stays quiet.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <string>

namespace cassandra {
class StreamingMultiplexedChannel {
public:
  void sendControlMessage(const std::string &M);
  void close();
  bool isClosed() const;
};
class StreamSession {
public:
  void onError(const std::string &Why);
  StreamingMultiplexedChannel &channel();
};
} // namespace cassandra

class McaSync {
public:
  explicit McaSync(cassandra::StreamSession &S) : Session(S) {}
  void mcaSendShow(int N);
  void mcaSendOrStop(int N);

private:
  void abort(const std::string &Why);
  cassandra::StreamSession &Session;
};

void McaSync::abort(const std::string &Why) {
  Session.onError(Why);
  Session.channel().close();
}

void McaSync::mcaSendShow(int N) {
  cassandra::StreamingMultiplexedChannel &Ch = Session.channel();
  for (int I = 0; I < N; ++I)
    if (I == 3) {
      abort("digest mismatch");
      break;
    }
  // CHECK: method-closes-through-accessor.cpp:[[@LINE+1]]:6: warning: call to 'sendControlMessage' on 'Ch' that may have been closed
  Ch.sendControlMessage("COMPLETE");
}

void McaSync::mcaSendOrStop(int N) {
  cassandra::StreamingMultiplexedChannel &Ch = Session.channel();
  if (N > 3) {
    abort("too many");
    return;
  }
  Ch.sendControlMessage("COMPLETE");
  if (!Ch.isClosed())
    Ch.sendControlMessage("DONE");
}
