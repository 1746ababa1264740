// Negative: the owner closes its channel in the destructor only.
#include "messaging.h"
using namespace cassandra;

class Session {
public:
  ~Session() { channel_.close(); }
  void send(const StreamMessage &m) { channel_.sendControlMessage(m); }
  void run() {
    send({"PREPARE", ""});
    send({"COMPLETE", ""});
  }

private:
  StreamingMultiplexedChannel channel_;
};

void runSession() {
  Session s;
  s.run();
  s.send({"DONE", ""});
}
