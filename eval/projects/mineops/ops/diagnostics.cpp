// SelfTest: diagnostics run from the control-room console: a leaky-feeder loopback (which
// leaves the head-end as it found it), a probe of a serial device, and a sensor sweep written
// to two small report files.
#include "diagnostics.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <chrono>
#include <cstring>
#include <optional>
#include <thread>
#include <utility>

#include "file_handle.h"
#include "leaky_feeder.h"
#include "scope_exit.h"
#include "sensor_bus.h"

namespace {
constexpr uint32_t kLoopbackTag = 0xFFFF0001u;
}

SelfTest::SelfTest(std::shared_ptr<LeakyFeederGateway> gateway, std::shared_ptr<SensorBus> bus, std::string reportDir)
    : gateway_(std::move(gateway)), bus_(std::move(bus)), reportDir_(std::move(reportDir)) {}

Status SelfTest::radioLoopback() {
    bool openedHere = false;
    if (!gateway_->isOpen()) {
        Status st = gateway_->open();
        if (!st.ok()) return st;
        openedHere = true;
    }
    bool echoed = false;
    {
        auto restore = makeScopeExit([&] {
            if (openedHere) gateway_->close();
        });
        gateway_->send(Frame{kLoopbackTag, 0, "LOOPBACK"}); // OK: open (found open or opened above); the scope guard closes it only when this block ends
        for (int i = 0; i < 20 && !echoed; ++i) {
            std::optional<Frame> f = gateway_->poll();
            echoed = f && f->tagId == kLoopbackTag;
            if (!echoed) std::this_thread::sleep_for(std::chrono::milliseconds(50));
        }
    }
    gateway_->send(Frame{kLoopbackTag, 0, echoed ? "SELFTEST PASS" : "SELFTEST FAIL"}); // BUG: use-after-close
    return echoed ? Status::Ok() : Status::Error("leaky feeder loopback timed out");
}

Status SelfTest::probeSerial(const std::string& device) {
    const int fd = ::open(device.c_str(), O_RDWR | O_NOCTTY | O_NONBLOCK);
    if (fd < 0) return Status::Error("cannot open " + device + ": " + std::strerror(errno));
    bool answered = false;
    {
        auto closeProbe = makeScopeExit([fd] { ::close(fd); });
        static const char ping[] = "ID?\r";
        if (::write(fd, ping, sizeof ping - 1) == static_cast<ssize_t>(sizeof ping - 1)) {
            std::this_thread::sleep_for(std::chrono::milliseconds(100));
            char buf[64];
            answered = ::read(fd, buf, sizeof buf) > 0;
        }
    }
    ::close(fd); // BUG: double-close
    return answered ? Status::Ok() : Status::Error(device + " did not answer the probe");
}

Status SelfTest::sensorSweep() {
    if (!bus_->isOpen()) return Status::Error("sensor bus is down");
    std::optional<FileHandle> out;
    out.emplace(reportDir_ + "/sweep-gas.csv", "w");
    if (!out->isOpen()) return Status::Error("cannot write the gas sweep report");
    out->write("channel,value\n");
    out->write("CH4," + std::to_string(bus_->read(Channel::Methane)) + "\n"); // OK: bus checked open above, on the thread that shuts it down
    out->write("CO," + std::to_string(bus_->read(Channel::CarbonMonoxide)) + "\n");
    out->close();

    out.emplace(reportDir_ + "/sweep-air.csv", "w");
    if (!out->isOpen()) return Status::Error("cannot write the air sweep report");
    out->write("channel,value\n"); // OK: a fresh FileHandle was emplaced after close()
    out->write("O2," + std::to_string(bus_->read(Channel::Oxygen)) + "\n");
    out->write("AIR," + std::to_string(bus_->read(Channel::Airflow)) + "\n");
    return Status::Ok();
}
