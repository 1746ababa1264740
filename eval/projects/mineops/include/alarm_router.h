// AlarmRouter: forwards queued alarms to the control room, falling back to the historian
// while the link is down. stop() closes the alarm queue.
#pragma once

#include <cstddef>
#include <memory>

#include "alarm.h"
#include "bounded_queue.h"
#include "status.h"

class ControlRoomLink;
class HistorianWriter;

class AlarmRouter {
public:
    AlarmRouter(std::shared_ptr<BoundedQueue<Alarm>> queue, std::shared_ptr<ControlRoomLink> link,
                std::shared_ptr<HistorianWriter> hist);
    ~AlarmRouter();

    std::size_t drain();
    Status flush();
    void stop();
    std::size_t forwarded() const;

private:
    std::shared_ptr<BoundedQueue<Alarm>> queue_;
    std::shared_ptr<ControlRoomLink> link_;
    std::shared_ptr<HistorianWriter> hist_;
    std::size_t forwarded_ = 0;
};
