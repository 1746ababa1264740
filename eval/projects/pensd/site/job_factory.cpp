// Factories for the closures the farm hands to its pool and its dispatcher.
// Every closure holds weak references and checks what it reaches before using
// it: a camera is used only while connected (the hub disconnects cameras in
// the lockdown's Stop phase, after the pool was shut down in Drain), the
// historian only while open (it is sealed after every publisher was joined),
// and alarms go through try_raise(), which just returns false once the panel
// has stopped.
#include "job_factory.h"

#include <string>
#include <utility>

std::function<void()> make_still_archiver(std::weak_ptr<CameraStream> camera, std::weak_ptr<Historian> historian) {
  return [camera = std::move(camera), historian = std::move(historian)] {
    std::shared_ptr<CameraStream> cam = camera.lock();
    if (!cam || !cam->connected()) return;
    Result<std::string> still = cam->grab_still();  // OK: connected() checked; cameras are disconnected only after the pool is joined
    std::shared_ptr<Historian> hist = historian.lock();
    if (!hist || !hist->is_open()) return;
    hist->append("still cam=" + std::to_string(cam->id()) + " " + (still.ok() ? still.value() : still.status().to_string()));  // OK: is_open() checked; the historian is sealed after the pool is joined
  };
}

EventDispatcher::Handler make_event_logger(std::weak_ptr<Historian> historian) {
  return [historian = std::move(historian)](const Event& event) {
    std::shared_ptr<Historian> hist = historian.lock();
    if (!hist || !hist->is_open()) return;
    hist->append(event.topic + " " + event.payload);  // OK: is_open() checked; the historian is sealed only after the publishing threads are joined
  };
}

std::function<Status()> make_spot_check(std::shared_ptr<TemperatureBuoy> buoy, std::weak_ptr<AlarmPanel> alarms,
                                        double max_c) {
  return [buoy = std::move(buoy), alarms = std::move(alarms), max_c]() -> Status {
    Result<double> surface = buoy->celsius(0);
    if (!surface.ok()) return surface.status();
    if (surface.value() <= max_c) return Status::Ok();
    if (std::shared_ptr<AlarmPanel> panel = alarms.lock()) {
      panel->try_raise(Alarm{"temperature", "surface " + std::to_string(surface.value()) + " C", 2});  // OK: try_raise() returns false once the panel is stopped
    }
    return Status::Error(Errc::Rejected, "surface above " + std::to_string(max_c) + " C");
  };
}

EventDispatcher::Handler make_zone_watch(std::weak_ptr<AlarmPanel> alarms, std::string zone) {
  return [alarms = std::move(alarms), zone = std::move(zone)](const Event& event) {
    std::shared_ptr<AlarmPanel> panel = alarms.lock();
    if (!panel) return;
    if (event.payload.find(zone) == std::string::npos) return;
    (void)panel->try_raise(Alarm{"ais", "vessel in " + zone + ": " + event.payload, 1});  // OK: try_raise() never throws on a stopped panel
  };
}
