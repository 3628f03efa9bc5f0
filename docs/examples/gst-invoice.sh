#!/usr/bin/env bash
# An Indian shop's GST invoices (docs/gst-invoice.md): a buyer orders twice from the demo shop
# started with DEMO_SHOP=india — once to Karnataka, the seller's own state (CGST + SGST), once to
# Maharashtra (IGST) — paying by card through the development gateway, and saves both invoices
# as invoice-KA.pdf and invoice-MH.pdf in the current folder. Only curl and node.
set -euo pipefail
BASE=${BASE:-http://localhost:8000}
API=$BASE/api/v1

# Prints a JavaScript expression of the JSON answer on stdin; a failure stops with its message,
# and so does no answer at all (curl has said why on stderr).
json() {
  node -e "const text = require('fs').readFileSync(0, 'utf8');
    if (text === '') { console.error('No answer from the server for: ' + process.argv[1]); process.exit(1); }
    const body = JSON.parse(text);
    if (body.success === false) { console.error(body.message, JSON.stringify(body.errors ?? {})); process.exit(1); }
    console.log($1);" "$1"
}
post() { curl -sS -X POST "$API$1" -H "Authorization: Bearer $TOKEN" -H 'content-type: application/json' -d "$2"; }
get() { curl -sS "$API$1" -H "Authorization: Bearer ${TOKEN:-}"; }

# A buyer registers: the answer carries a bearer token.
TOKEN=$(curl -sS -X POST "$API/auth/register" -H 'content-type: application/json' -d '{
  "name": "Asha Rao", "email": "asha-'$RANDOM$RANDOM'@example.in", "phone": "+91 98450 12345",
  "password": "masala-chai", "password_confirmation": "masala-chai", "terms_accepted": true
}' | json 'body.data.token')

# Two GST slabs: headphones (GST18, HSN 8518) and a T-shirt in size M (clothing: GST5, HSN 6109).
PRODUCTS=$(get '/products?per_page=100')
HEADPHONES=$(json 'body.data.find((p) => p.name === "Aurora Wireless Headphones").id' <<< "$PRODUCTS")
TSHIRT=$(json 'body.data.find((p) => p.name === "Organic Cotton T-Shirt").id' <<< "$PRODUCTS")
SIZE_M=$(get "/products/$TSHIRT" | json 'body.data.variants.find((v) => v.options.size === "M" && v.stock_quantity >= 4).id')

# buy STATE ADDRESS: fills a cart, checks out to ADDRESS paying by card, prints what the order
# records for tax and saves its invoice as invoice-STATE.pdf.
buy() {
  local state=$1 address=$2 gateway_order payment signature order
  post /cart/add '{"product_id": '"$HEADPHONES"', "quantity": 1}' | json '""' > /dev/null
  post /cart/add '{"product_id": '"$TSHIRT"', "variant_id": '"$SIZE_M"', "quantity": 2}' | json '""' > /dev/null
  post /checkout/shipping-address "$address" | json '""' > /dev/null
  post /checkout/shipping-method '{"shipping_method": "flatrate"}' | json '""' > /dev/null
  gateway_order=$(post /checkout/payment-method '{"payment_method": "card"}' | json 'body.data.gateway_order.id')
  # In development the payment is signed with the development gateway's secret (README tour).
  payment=pay_$RANDOM$RANDOM
  signature=$(node -p "require('crypto').createHmac('sha256', 'dev-gateway-secret-change-me').update('$gateway_order|$payment').digest('hex')")
  order=$(post /checkout/place-order '{"payment_data": {"gateway_order_id": "'"$gateway_order"'",
    "gateway_payment_id": "'"$payment"'", "gateway_signature": "'"$signature"'"}}' | json 'body.data.order_id')

  get "/customer/orders/$order" | json '[
    `${body.data.order_number}: invoice ${body.data.invoice_number} of ${body.data.invoice_date}`,
    `  place of supply: ${body.data.place_of_supply.name} (${body.data.place_of_supply.gst_state_code})`,
    ...body.data.items.map((item) => `  ${item.product_name}${item.variant_name ? ` (${item.variant_name})` : ""} × ${item.quantity}, HSN ${item.hsn_code}: ` +
      `taxable ${item.taxable_value.toFixed(2)}, ${item.tax_lines.map((t) => `${t.name} ${t.rate}% ${t.amount.toFixed(2)}`).join(" + ")}`),
    `  shipping ${body.data.shipping.toFixed(2)}`,
    ...body.data.tax_lines.map((t) => `  ${t.name} ${t.rate}% on ${t.taxable_value.toFixed(2)}: ${t.amount.toFixed(2)}`),
    `  total ${body.data.total.toFixed(2)} ${body.data.currency}, of which tax ${body.data.tax.toFixed(2)}`,
  ].join("\n")'
  curl -sSf -o "invoice-$state.pdf" -w "  invoice-$state.pdf: %{http_code} %{content_type}\n" \
    "$API/customer/orders/$order/invoice" -H "Authorization: Bearer $TOKEN"
}

echo 'Karnataka, the seller’s state (intra-state: CGST + SGST)'
buy KA '{"first_name": "Asha", "last_name": "Rao", "phone": "+91 98450 12345",
  "address_line_1": "14 Residency Road", "city": "Bengaluru", "state": "Karnataka",
  "postcode": "560025", "country": "IN"}'
echo 'Maharashtra (inter-state: IGST)'
buy MH '{"first_name": "Asha", "last_name": "Rao", "phone": "+91 98450 12345",
  "address_line_1": "7 Marine Drive", "city": "Mumbai", "state": "Maharashtra",
  "postcode": "400020", "country": "IN"}'
