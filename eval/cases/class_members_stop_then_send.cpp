// A session's stop() closes its channel; a later method sends on it.
#include "messaging.h"
using namespace cassandra;

class StreamTransfer {
public:
  void stop() { channel_.close(); }
  void sendComplete() { channel_.sendControlMessage({"COMPLETE", ""}); } // SAME: complete
  void abort() {
    stop();
    sendComplete(); // BUG: use-after-close #complete
  }

private:
  StreamingMultiplexedChannel channel_;
};
