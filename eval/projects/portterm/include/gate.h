// Gate: truck check-in sessions per lane, the OCR camera feed of each lane, and the
// bridge that feeds plate reads and exit-barrier events into the lane.
// GateLane and TruckSession lock internally; OCR callbacks run on the feed's reader thread.
#pragma once
#include <atomic>
#include <functional>
#include <map>
#include <memory>
#include <mutex>
#include <string>
#include <thread>
#include <vector>

#include "dispatcher.h"
#include "status.h"

enum class TruckState { Arrived, Verified, Released, Cancelled };

class TruckSession {
public:
    explicit TruckSession(std::string truck_id);

    void record_plate(const std::string& plate, double confidence);      // throws once closed
    bool try_record_plate(const std::string& plate, double confidence);  // false once closed
    void attach_container(const std::string& container);                 // throws once closed
    void release();                          // closes; a second release() is a logic error
    void cancel(const std::string& reason);  // closes; no-op when already closed
    bool closed() const;
    TruckState state() const;
    const std::string& truck_id() const;
    std::vector<std::string> containers() const;

private:
    void ensure_open_locked(const char* op) const;
    bool closed_locked() const;

    std::string truck_id_;
    mutable std::mutex mu_;
    TruckState state_ = TruckState::Arrived;
    std::string plate_;
    double confidence_ = 0.0;
    std::string cancel_reason_;
    std::vector<std::string> containers_;
};

class GateLane {
public:
    GateLane(int lane_no, std::shared_ptr<EventDispatcher> events);

    std::shared_ptr<TruckSession> check_in(const std::string& truck_id);           // throws when closed
    Result<std::shared_ptr<TruckSession>> try_check_in(const std::string& truck_id);
    std::shared_ptr<TruckSession> find(const std::string& truck_id) const;
    void release(const std::string& truck_id);   // releases the session, publishes gate.out
    void close_lane();                           // releases open sessions; idempotent
    bool is_open() const;
    int lane_no() const;

private:
    std::shared_ptr<TruckSession> open_session_locked(const std::string& truck_id);
    static std::string join(const std::vector<std::string>& items);

    int lane_no_;
    std::shared_ptr<EventDispatcher> events_;
    mutable std::mutex mu_;
    bool closed_ = false;
    std::map<std::string, std::shared_ptr<TruckSession>> sessions_;
};

struct PlateRead {
    int lane = 0;
    std::string plate;
    double confidence = 0.0;
};

class OcrCameraFeed {
public:
    using PlateCallback = std::function<void(const PlateRead&)>;

    OcrCameraFeed(int lane, std::string device);
    ~OcrCameraFeed();
    OcrCameraFeed(const OcrCameraFeed&) = delete;
    OcrCameraFeed& operator=(const OcrCameraFeed&) = delete;

    void on_plate(PlateCallback cb);
    Status start();
    void stop();              // idempotent; joins the reader, then closes the device
    bool running() const;
    std::string grab_frame(); // throws once stopped

private:
    void read_loop();
    void dispatch(const PlateRead& read);

    int lane_;
    std::string device_;
    int fd_ = -1;
    std::atomic<bool> running_{false};
    std::thread reader_;
    std::mutex cb_mu_;
    std::vector<PlateCallback> callbacks_;
    std::mutex frame_mu_;
    std::string last_frame_;
};

class GateCameraBridge {
public:
    GateCameraBridge(std::shared_ptr<GateLane> lane, std::shared_ptr<OcrCameraFeed> feed, bool keep_last_frame);

    void attach();
    void on_exit_barrier(const std::string& truck_id, const std::string& container);
    void turn_away(const std::string& truck_id, const std::string& reason);
    std::string snapshot();
    void detach();
    const std::string& last_frame() const;

private:
    std::shared_ptr<GateLane> lane_;
    std::shared_ptr<OcrCameraFeed> feed_;
    bool keep_last_frame_;
    std::string last_frame_;
};
