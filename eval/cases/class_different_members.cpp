// Negative: the data channel is closed while the control channel keeps sending.
#include "messaging.h"
using namespace cassandra;

struct Streams {
  StreamingMultiplexedChannel data;
  StreamingMultiplexedChannel control;
};

void finishData(Streams &s) {
  s.data.close();
  s.control.sendControlMessage({"DATA_DONE", ""});
}
