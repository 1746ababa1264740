// Factories for the small jobs and event handlers the farm wires together.
#pragma once

#include <functional>
#include <memory>
#include <string>

#include "alarm_panel.h"
#include "camera_stream.h"
#include "event_dispatcher.h"
#include "historian.h"
#include "status.h"
#include "temp_buoy.h"

// Grabs a still from the camera (if it is still around and connected) into the historian.
std::function<void()> make_still_archiver(std::weak_ptr<CameraStream> camera, std::weak_ptr<Historian> historian);
// Logs every event it receives into the historian while the historian is open.
EventDispatcher::Handler make_event_logger(std::weak_ptr<Historian> historian);
// Reads the surface temperature and raises an alarm above `max_c`.
std::function<Status()> make_spot_check(std::shared_ptr<TemperatureBuoy> buoy, std::weak_ptr<AlarmPanel> alarms,
                                        double max_c);
// Raises a (droppable) alarm for every AIS position inside the exclusion zone.
EventDispatcher::Handler make_zone_watch(std::weak_ptr<AlarmPanel> alarms, std::string zone);
