// Factories for the periodic jobs the control loop runs on its timer wheel.
#pragma once
#include <functional>
#include <memory>

class DcsFeed;
class EventBus;
class FeederLink;
class Fieldbus;
class Sorter;

std::function<void()> makeFeederHeartbeat(std::weak_ptr<FeederLink> link);
std::function<void()> makeLinkPinger(std::shared_ptr<FeederLink> link);
std::function<void()> makeBusWatchdog(std::shared_ptr<Fieldbus> bus, std::shared_ptr<Sorter> sorter,
                                      std::weak_ptr<EventBus> events);
std::function<void()> makeDcsKeepalive(std::weak_ptr<DcsFeed> feed);
