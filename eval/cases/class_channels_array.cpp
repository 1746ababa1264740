// Negative: the failed replica's channel is closed, the others keep streaming.
#include "messaging.h"
#include <vector>
using namespace cassandra;

void dropReplica(std::vector<StreamingMultiplexedChannel> &replicas, size_t failed,
                 const StreamMessage &m) {
  replicas[failed].close();
  for (size_t i = 0; i < replicas.size(); ++i)
    if (i != failed)
      replicas[i].sendControlMessage(m);
}
