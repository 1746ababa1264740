// Paho MQTT C++, compiled against its real header.
// RUN: %expect_exit 1 %errlint %s --cite=none -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
#include <mqtt/async_client.h>

void publishAfterDisconnect(mqtt::async_client &client) {
  client.publish("t", "hello", 5);
  client.disconnect()->wait();
  // CHECK: mqtt.cpp:[[@LINE+1]]:10: warning: call to 'publish' on 'client' after it was closed [errlint-send-after-close]
  client.publish("t", "bye", 3);
}

// Negative: reconnected first, or guarded.
void reconnected(mqtt::async_client &client) {
  client.disconnect()->wait();
  client.reconnect()->wait();
  client.publish("t", "again", 5);
  client.disconnect();
  if (client.is_connected())
    client.subscribe("t", 1);
}

// The same source through clang-tidy with the plugin: the same findings.
// RUN: %expect_exit 0 %tidy %s --config="{CheckOptions: {errlint.Cite: none}}" -- -std=c++17 | FileCheck %s --implicit-check-not=warning:
