// Replays a spool of records into a producer on the scheduler's threads.
#pragma once
#include "relay/broker_producer.h"
#include "relay/scheduler.h"

#include <vector>

namespace relay {

std::vector<Record> readSpool(const char *path);
void replaySpool(Scheduler &scheduler, BrokerProducer &producer, const std::vector<Record> &spool);
void replaySpoolAndWait(Scheduler &scheduler, BrokerProducer &producer,
                        const std::vector<Record> &spool);

} // namespace relay
