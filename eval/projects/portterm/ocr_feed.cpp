// OcrCameraFeed: reads plate recognitions ("<plate> <confidence>" lines) from the lane
// camera's serial device on a reader thread and hands them to the registered callbacks.
// stop() clears running_ once, joins the reader and only then closes the device.
#include <cerrno>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <poll.h>
#include <sstream>
#include <stdexcept>
#include <unistd.h>

#include "gate.h"

namespace {

bool handshake(int fd) {
    static const char hello[] = "OCR1 START\n";
    ssize_t n = ::write(fd, hello, sizeof hello - 1); // SAME: handshake
    if (n != static_cast<ssize_t>(sizeof hello - 1)) return false;
    pollfd p{fd, POLLIN, 0};
    if (::poll(&p, 1, 500) <= 0) return false;
    char ack[4];
    return ::read(fd, ack, sizeof ack) == 4 && std::memcmp(ack, "ACK\n", 4) == 0;
}

}  // namespace

OcrCameraFeed::OcrCameraFeed(int lane, std::string device) : lane_(lane), device_(std::move(device)) {}

OcrCameraFeed::~OcrCameraFeed() {
    stop(); // OK: idempotent, the reader is joined at most once
}

void OcrCameraFeed::on_plate(PlateCallback cb) {
    std::lock_guard<std::mutex> lk(cb_mu_);
    callbacks_.push_back(std::move(cb));
}

Status OcrCameraFeed::start() {
    if (running_.load()) return Status::success();
    int fd = ::open(device_.c_str(), O_RDWR | O_NOCTTY | O_CLOEXEC);
    if (fd < 0) return Status::error(ErrorCode::Io, device_ + ": " + std::strerror(errno));
    for (int attempt = 0; attempt < 3; ++attempt) {
        if (handshake(fd)) { // BUG: use-after-close #handshake
            fd_ = fd;
            running_ = true;
            reader_ = std::thread([this] { read_loop(); });
            return Status::success();
        }
        ::close(fd); // BUG: double-close
        std::this_thread::sleep_for(std::chrono::milliseconds(250));
    }
    return Status::error(ErrorCode::Unavailable, "ocr camera " + device_ + " did not answer");
}

void OcrCameraFeed::dispatch(const PlateRead& read) {
    std::vector<PlateCallback> targets;
    {
        std::lock_guard<std::mutex> lk(cb_mu_);
        targets = callbacks_;
    }
    for (auto& cb : targets) cb(read);
}

void OcrCameraFeed::read_loop() {
    std::string pending;
    char buf[256];
    while (running_.load()) {
        pollfd p{fd_, POLLIN, 0};
        int rc = ::poll(&p, 1, 100);
        if (rc < 0 && errno == EINTR) continue;
        if (rc <= 0) continue;
        ssize_t n = ::read(fd_, buf, sizeof buf); // OK: stop() joins this thread before it closes fd_
        if (n <= 0) continue;
        pending.append(buf, static_cast<std::size_t>(n));
        std::size_t nl;
        while ((nl = pending.find('\n')) != std::string::npos) {
            std::string line = pending.substr(0, nl);
            pending.erase(0, nl + 1);
            if (line.rfind("FRAME ", 0) == 0) {
                std::lock_guard<std::mutex> lk(frame_mu_);
                last_frame_ = line.substr(6);
                continue;
            }
            std::istringstream in(line);
            PlateRead read;
            read.lane = lane_;
            if (in >> read.plate >> read.confidence) dispatch(read);
        }
    }
}

void OcrCameraFeed::stop() {
    if (!running_.exchange(false)) return;
    if (reader_.joinable()) reader_.join();
    ::close(fd_); // OK: runs once (running_ exchange), after the reader thread is joined
    fd_ = -1;
}

bool OcrCameraFeed::running() const { return running_.load(); }

std::string OcrCameraFeed::grab_frame() {
    if (!running_.load()) throw std::runtime_error("ocr feed " + device_ + " stopped");
    static const char cmd[] = "GRAB\n";
    if (::write(fd_, cmd, sizeof cmd - 1) != static_cast<ssize_t>(sizeof cmd - 1))
        throw std::runtime_error("ocr feed " + device_ + ": grab failed");
    std::lock_guard<std::mutex> lk(frame_mu_);
    return last_frame_;
}
