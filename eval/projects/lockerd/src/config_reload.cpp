// ConfigReloader: on SIGHUP the daemon re-reads lockerd.conf and this class
// swaps in new components for the settings that changed: a journal in a new
// directory, a publisher on new brokers, the dashboard mirror, and the
// temperature log. Old components are closed once nothing uses them.
#include "config_reload.h"

#include "alarm_monitor.h"
#include "csv_format.h"
#include "diag_log.h"
#include "notification.h"
#include "pickup_codes.h"
#include "service_slots.h"
#include "work_pool.h"

#include <cerrno>
#include <ctime>
#include <utility>

namespace {
void retireJournal(std::unique_ptr<AuditJournal> journal, DiagLog &diag) {
  diag.info("journal: retiring segment %s after %llu records", journal->currentDay().c_str(),
            static_cast<unsigned long long>(journal->records()));
  journal->close(); // SAME: retire_journal
}
} // namespace

ConfigReloader::ConfigReloader(ServiceSlots &slots, WorkPool &pool, PickupCodeService &pickup,
                               AlarmMonitor &alarms, DiagLog &diag)
    : slots_(slots), pool_(pool), pickup_(pickup), alarms_(alarms), diag_(diag) {}

Status ConfigReloader::apply(const Config &previous, const Config &next) {
  Status result = Status::success();
  auto keep = [&](Status st, const char *what) {
    if (st.failed()) {
      diag_.warn("reload: %s: %s", what, st.describe().c_str());
      result = st;
    }
  };
  if (previous.journalDir != next.journalDir || previous.flushInterval != next.flushInterval)
    keep(reloadJournal(next), "journal");
  if (previous.brokers != next.brokers || previous.topicPrefix != next.topicPrefix ||
      previous.outboxCapacity != next.outboxCapacity)
    keep(reloadPublisher(next), "publisher");
  if (previous.mirrorEnabled != next.mirrorEnabled || previous.mirrorBacklog != next.mirrorBacklog)
    keep(reloadMirror(next), "bus mirror");
  if (previous.temperatureLog != next.temperatureLog ||
      previous.chillMaxCelsius != next.chillMaxCelsius)
    keep(reloadTemperatures(previous, next), "temperature log");
  return result;
}

Status ConfigReloader::reloadJournal(const Config &next) {
  auto fresh = std::make_unique<AuditJournal>(next.journalDir, diag_);
  Status st = fresh->open(formatDay(std::time(nullptr)));
  if (st.failed())
    return st;
  fresh->note("journal opened by a configuration reload"); // OK

  std::unique_ptr<AuditJournal> old;
  {
    std::lock_guard<std::mutex> lock(slots_.mutex);
    if (slots_.flusher)
      slots_.flusher->stop();
    old = std::exchange(slots_.journal, std::move(fresh));
    slots_.flusher = std::make_unique<JournalFlusher>(*slots_.journal, next.flushInterval);
    slots_.flusher->start();
  }
  if (old->isOpen())
    old->close(); // OK
  retireJournal(std::move(old), diag_); // BUG: double-close #retire_journal
  return Status::success();
}

Status ConfigReloader::reloadPublisher(const Config &next) {
  std::shared_ptr<kafka::KafkaProducer> producer = kafka::createProducer(next.brokers);
  if (!producer)
    return Status::rejected("no producer for brokers " + next.brokers);
  auto fresh = std::make_shared<NotificationPublisher>(std::move(producer), next.topicPrefix,
                                                       next.outboxCapacity, next.busCloseTimeout);
  std::shared_ptr<NotificationPublisher> old;
  {
    std::lock_guard<std::mutex> lock(slots_.mutex);
    old = std::exchange(slots_.publisher, fresh);
  }
  pool_.drain();
  old->pump(next.outboxCapacity);
  old->close(); // OK

  pickup_.bindPublisher(fresh);
  alarms_.bindPublisher(fresh);
  if (slots_.mirror)
    slots_.mirror->attachTo(*fresh);
  fresh->publish(systemNotice("notification bus reconfigured: " + next.brokers)); // OK
  return Status::success();
}

Status ConfigReloader::reloadMirror(const Config &next) {
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (slots_.mirror)
    slots_.mirror->stop();
  if (!next.mirrorEnabled) {
    slots_.mirror.reset();
    return Status::success();
  }
  slots_.mirror = std::make_shared<BusMirror>(std::make_unique<EventChannel>(), next.mirrorBacklog, diag_);
  slots_.mirror->attachTo(*slots_.publisher); // OK
  return Status::success();
}

Status ConfigReloader::reloadTemperatures(const Config &previous, const Config &next) {
  std::lock_guard<std::mutex> lock(slots_.mutex);
  if (slots_.temps && previous.chillMaxCelsius == next.chillMaxCelsius)
    return slots_.temps->reopen(next.temperatureLog);
  slots_.temps.reset();
  slots_.temps.emplace(next.temperatureLog, next.chillMaxCelsius, diag_);
  if (!slots_.temps->isOpen())
    return Status::ioError("open " + next.temperatureLog, EIO);
  slots_.temps->noteReload(); // OK
  return Status::success();
}
