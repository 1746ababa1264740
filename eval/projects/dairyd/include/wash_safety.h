// abort_wash(): puts the CIP skid in a safe state after a failed or interrupted wash.
#pragma once
#include <string>

#include "device_registry.h"
#include "journal.h"
#include "serial_link.h"

void abort_wash(SerialLink& dosing, DeviceRegistry& devices, Journal& journal, const std::string& why);
