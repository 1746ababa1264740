// AirflowMonitor: airflow supervision for one level. Readings are published as events; the
// monitor's subscription (which keeps the historian alive) records its own level's readings,
// and a per-shift CSV is rolled over by rollCsv().
#include "airflow_monitor.h"

#include <utility>

#include "dispatcher.h"
#include "historian.h"
#include "sensor_bus.h"

AirflowMonitor::AirflowMonitor(std::string level, std::shared_ptr<SensorBus> bus,
                               std::shared_ptr<EventDispatcher> events, std::shared_ptr<HistorianWriter> hist,
                               std::string csvDir)
    : level_(std::move(level)),
      bus_(std::move(bus)),
      events_(std::move(events)),
      hist_(std::move(hist)),
      csvDir_(std::move(csvDir)),
      dropped_(std::make_shared<std::atomic<int>>(0)) {}

AirflowMonitor::~AirflowMonitor() {
    stop();
}

std::string AirflowMonitor::csvPath(int index) const {
    return csvDir_ + "/airflow-" + level_ + "-" + std::to_string(index) + ".csv";
}

void AirflowMonitor::start() {
    if (subscription_ >= 0) return;
    csv_.emplace(csvPath(csvIndex_), "a");
    auto hist = hist_;
    auto dropped = dropped_;
    const std::string level = level_;
    subscription_ = events_->subscribe("airflow.reading", [hist, dropped, level](const Event& e) {
        if (e.source != level) return;
        Status st = hist->append(level + " airflow " + std::to_string(e.value) + " m3/s"); // SAME: airflow-final
        if (!st.ok()) dropped->fetch_add(1);
    });
}

void AirflowMonitor::sample() {
    if (!bus_->isOpen()) return;
    const double flow = bus_->read(Channel::Airflow); // OK: isOpen() checked above, on the thread that shuts the bus down
    last_ = flow;
    if (csv_ && csv_->isOpen()) csv_->write(level_ + "," + std::to_string(flow) + "\n");
    events_->publish(Event{"airflow.reading", flow, level_});
}

Status AirflowMonitor::rollCsv(bool keepLogging) {
    if (!csv_) return Status::Error("airflow log for " + level_ + " was never opened");
    csv_->close();
    if (keepLogging) csv_.emplace(csvPath(++csvIndex_), "w");
    return csv_->write("level,airflow_m3s\n"); // BUG: use-after-close
}

void AirflowMonitor::stop() {
    if (subscription_ >= 0) {
        events_->unsubscribe(subscription_);
        subscription_ = -1;
    }
    if (csv_) csv_->close(); // OK: FileHandle::close() is idempotent
}

double AirflowMonitor::lastReading() const {
    return last_;
}

int AirflowMonitor::droppedRecords() const {
    return dropped_->load();
}
