// Factories for the callbacks the terminal registers with the OCR feeds and the event
// dispatcher. Each returns a closure that owns (or weakly observes) what it needs.
#pragma once
#include <functional>
#include <memory>
#include <string>

#include "billing.h"
#include "console.h"
#include "dispatcher.h"
#include "gate.h"
#include "historian.h"

std::function<void(const PlateRead&)> make_lane_plate_handler(std::shared_ptr<GateLane> lane, double min_confidence);
std::function<void(const Event&)> make_billing_tap(std::shared_ptr<BillingExporter> billing, double lift_rate);
std::function<void(const Event&)> make_historian_tap(std::weak_ptr<HistorianWriter> hist);
std::function<void(const Event&)> make_console_relay(std::weak_ptr<ConsoleRegistry> consoles, std::string prefix);
