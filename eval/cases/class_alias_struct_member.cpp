// A context struct points at the channel; the channel is closed, then the
// context is used to send.
#include "messaging.h"

struct RequestContext {
  EventChannel *events;
  int requestId;
};

void finishRequest(EventChannel &events, int id) {
  RequestContext ctx{&events, id};
  ctx.events->send("begin");
  events.close();
  ctx.events->send("end"); // BUG: use-after-close
}
