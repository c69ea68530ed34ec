-- Addresses anywhere in Cambodia (issue 28): the national gazetteer's provinces, districts and
-- communes; Phnom Penh's fees by commune code and a fee and estimate per province; orders name
-- their commune by code and keep who receives them and where. Written by npm run db:diff from
-- supabase/schemas/, with the data steps (the gazetteer, the zones' and orders' codes) by hand.

create type "public"."place_kind" as enum ('capital', 'province', 'khan', 'srok', 'krong', 'sangkat', 'khum');

drop trigger if exists "orders_queue_telegram" on "public"."orders";




drop function if exists "private"."place_order"(p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid);

drop function if exists "private"."place_order_once"(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid);

drop function if exists "public"."order_customer_phones"(p_order_ids uuid[]);

drop view if exists "private"."recomputed_order_counts";

drop view if exists "private"."recomputed_unrequested_earning_hours";






  create table "public"."communes" (
    "code" text not null,
    "district_code" text not null,
    "name_en" text not null,
    "name_km" text not null,
    "kind" place_kind not null
      );


alter table "public"."communes" enable row level security;


  create table "public"."districts" (
    "code" text not null,
    "province_code" text not null,
    "name_en" text not null,
    "name_km" text not null,
    "kind" place_kind not null
      );


alter table "public"."districts" enable row level security;


  create table "public"."provinces" (
    "code" text not null,
    "name_en" text not null,
    "name_km" text not null,
    "kind" place_kind not null,
    "delivery_fee_cents" integer,
    "delivery_hours_min" smallint not null default 24,
    "delivery_hours_max" smallint not null default 72,
    "updated_at" timestamp with time zone not null default now()
      );


alter table "public"."provinces" enable row level security;

alter table "private"."order_contacts" add column "address_line" text;

alter table "private"."order_contacts" add column "delivery_note" text;

alter table "private"."order_contacts" add column "landmark" text;

alter table "private"."order_contacts" add column "recipient_name" text;





alter table "public"."orders" add column "delivery_commune_code" text;

CREATE INDEX communes_district_code_idx ON public.communes USING btree (district_code);

CREATE UNIQUE INDEX communes_pkey ON public.communes USING btree (code);

CREATE UNIQUE INDEX districts_pkey ON public.districts USING btree (code);

CREATE INDEX districts_province_code_idx ON public.districts USING btree (province_code);

CREATE UNIQUE INDEX provinces_pkey ON public.provinces USING btree (code);


alter table "public"."communes" add constraint "communes_pkey" PRIMARY KEY using index "communes_pkey";

alter table "public"."districts" add constraint "districts_pkey" PRIMARY KEY using index "districts_pkey";

alter table "public"."provinces" add constraint "provinces_pkey" PRIMARY KEY using index "provinces_pkey";

-- The places of the national gazetteer (supabase/schemas/04_zones_gazetteer.sql) ------------------
insert into public.provinces (code, name_en, name_km, kind) values
  ('01', 'Banteay Meanchey', 'បន្ទាយមានជ័យ', 'province'),
  ('02', 'Battambang', 'បាត់ដំបង', 'province'),
  ('03', 'Kampong Cham', 'កំពង់ចាម', 'province'),
  ('04', 'Kampong Chhnang', 'កំពង់ឆ្នាំង', 'province'),
  ('05', 'Kampong Speu', 'កំពង់ស្ពឺ', 'province'),
  ('06', 'Kampong Thom', 'កំពង់ធំ', 'province'),
  ('07', 'Kampot', 'កំពត', 'province'),
  ('08', 'Kandal', 'កណ្ដាល', 'province'),
  ('09', 'Koh Kong', 'កោះកុង', 'province'),
  ('10', 'Kratie', 'ក្រចេះ', 'province'),
  ('11', 'Mondul Kiri', 'មណ្ឌលគិរី', 'province'),
  ('12', 'Phnom Penh', 'ភ្នំពេញ', 'capital'),
  ('13', 'Preah Vihear', 'ព្រះវិហារ', 'province'),
  ('14', 'Prey Veng', 'ព្រៃវែង', 'province'),
  ('15', 'Pursat', 'ពោធិ៍សាត់', 'province'),
  ('16', 'Ratanak Kiri', 'រតនគិរី', 'province'),
  ('17', 'Siemreap', 'សៀមរាប', 'province'),
  ('18', 'Preah Sihanouk', 'ព្រះសីហនុ', 'province'),
  ('19', 'Stung Treng', 'ស្ទឹងត្រែង', 'province'),
  ('20', 'Svay Rieng', 'ស្វាយរៀង', 'province'),
  ('21', 'Takeo', 'តាកែវ', 'province'),
  ('22', 'Oddar Meanchey', 'ឧត្ដរមានជ័យ', 'province'),
  ('23', 'Kep', 'កែប', 'province'),
  ('24', 'Pailin', 'ប៉ៃលិន', 'province'),
  ('25', 'Tboung Khmum', 'ត្បូងឃ្មុំ', 'province');

insert into public.districts (code, province_code, name_en, name_km, kind) values
  ('0102', '01', 'Mongkol Borei', 'មង្គលបូរី', 'srok'),
  ('0103', '01', 'Phnum Srok', 'ភ្នំស្រុក', 'srok'),
  ('0104', '01', 'Preah Netr Preah', 'ព្រះនេត្រព្រះ', 'srok'),
  ('0105', '01', 'Ou Chrov', 'អូរជ្រៅ', 'srok'),
  ('0106', '01', 'Serei Saophoan', 'សិរីសោភ័ណ', 'krong'),
  ('0107', '01', 'Thma Puok', 'ថ្មពួក', 'srok'),
  ('0108', '01', 'Svay Chek', 'ស្វាយចេក', 'srok'),
  ('0109', '01', 'Malai', 'ម៉ាឡៃ', 'srok'),
  ('0110', '01', 'Paoy Paet', 'ប៉ោយប៉ែត', 'krong'),
  ('0201', '02', 'Banan', 'បាណន់', 'srok'),
  ('0202', '02', 'Thma Koul', 'ថ្មគោល', 'srok'),
  ('0203', '02', 'Battambang', 'បាត់ដំបង', 'krong'),
  ('0204', '02', 'Bavel', 'បវេល', 'srok'),
  ('0205', '02', 'Aek Phnum', 'ឯកភ្នំ', 'srok'),
  ('0206', '02', 'Moung Ruessei', 'មោងឫស្សី', 'srok'),
  ('0207', '02', 'Rotonak Mondol', 'រតនមណ្ឌល', 'srok'),
  ('0208', '02', 'Sangkae', 'សង្កែ', 'srok'),
  ('0209', '02', 'Samlout', 'សំឡូត', 'srok'),
  ('0210', '02', 'Sampov Lun', 'សំពៅលូន', 'srok'),
  ('0211', '02', 'Phnum Proek', 'ភ្នំព្រឹក', 'srok'),
  ('0212', '02', 'Kamrieng', 'កំរៀង', 'srok'),
  ('0213', '02', 'Koas Krala', 'គាស់ក្រឡ', 'srok'),
  ('0214', '02', 'Rukh Kiri', 'រុក្ខគិរី', 'srok'),
  ('0301', '03', 'Batheay', 'បាធាយ', 'srok'),
  ('0302', '03', 'Chamkar Leu', 'ចំការលើ', 'srok'),
  ('0303', '03', 'Cheung Prey', 'ជើងព្រៃ', 'srok'),
  ('0305', '03', 'Kampong Cham', 'កំពង់ចាម', 'krong'),
  ('0306', '03', 'Kampong Siem', 'កំពង់សៀម', 'srok'),
  ('0307', '03', 'Kang Meas', 'កងមាស', 'srok'),
  ('0308', '03', 'Kaoh Soutin', 'កោះសូទិន', 'srok'),
  ('0313', '03', 'Prey Chhor', 'ព្រៃឈរ', 'srok'),
  ('0314', '03', 'Srei Santhor', 'ស្រីសន្ធរ', 'srok'),
  ('0315', '03', 'Stueng Trang', 'ស្ទឹងត្រង់', 'srok'),
  ('0401', '04', 'Baribour', 'បរិបូណ៌', 'srok'),
  ('0402', '04', 'Chol Kiri', 'ជលគីរី', 'srok'),
  ('0403', '04', 'Kampong Chhnang', 'កំពង់ឆ្នាំង', 'krong'),
  ('0404', '04', 'Kampong Leaeng', 'កំពង់លែង', 'srok'),
  ('0405', '04', 'Kampong Tralach', 'កំពង់ត្រឡាច', 'srok'),
  ('0406', '04', 'Rolea B''ier', 'រលាប្អៀរ', 'srok'),
  ('0407', '04', 'Sameakki Mean Chey', 'សាមគ្គីមានជ័យ', 'srok'),
  ('0408', '04', 'Tuek Phos', 'ទឹកផុស', 'srok'),
  ('0501', '05', 'Basedth', 'បរសេដ្ឋ', 'srok'),
  ('0502', '05', 'Chbar Mon', 'ច្បារមន', 'krong'),
  ('0503', '05', 'Kong Pisei', 'គងពិសី', 'srok'),
  ('0504', '05', 'Aoral', 'ឱរ៉ាល់', 'srok'),
  ('0506', '05', 'Phnum Sruoch', 'ភ្នំស្រួច', 'srok'),
  ('0507', '05', 'Samraong Tong', 'សំរោងទង', 'srok'),
  ('0508', '05', 'Thpong', 'ថ្ពង', 'srok'),
  ('0509', '05', 'Odongk Maechay', 'ឧដុង្គម៉ែជ័យ', 'krong'),
  ('0510', '05', 'Samkkei Munichay', 'សាមគ្គីមុនីជ័យ', 'srok'),
  ('0601', '06', 'Baray', 'បារាយណ៍', 'srok'),
  ('0602', '06', 'Kampong Svay', 'កំពង់ស្វាយ', 'srok'),
  ('0603', '06', 'Stueng Saen', 'ស្ទឹងសែន', 'krong'),
  ('0604', '06', 'Prasat Ballangk', 'ប្រាសាទបល្ល័ង្គ', 'srok'),
  ('0605', '06', 'Prasat Sambour', 'ប្រាសាទសំបូរ', 'srok'),
  ('0606', '06', 'Sandan', 'សណ្ដាន់', 'srok'),
  ('0607', '06', 'Santuk', 'សន្ទុក', 'srok'),
  ('0608', '06', 'Stoung', 'ស្ទោង', 'srok'),
  ('0609', '06', 'Taing Kouk', 'តាំងគោក', 'srok'),
  ('0701', '07', 'Angkor Chey', 'អង្គរជ័យ', 'srok'),
  ('0702', '07', 'Banteay Meas', 'បន្ទាយមាស', 'srok'),
  ('0703', '07', 'Chhuk', 'ឈូក', 'srok'),
  ('0704', '07', 'Chum Kiri', 'ជុំគិរី', 'srok'),
  ('0705', '07', 'Dang Tong', 'ដងទង់', 'srok'),
  ('0706', '07', 'Kampong Trach', 'កំពង់ត្រាច', 'srok'),
  ('0707', '07', 'Tuek Chhou', 'ទឹកឈូ', 'srok'),
  ('0708', '07', 'Kampot', 'កំពត', 'krong'),
  ('0709', '07', 'Bokor', 'បូកគោ', 'krong'),
  ('0801', '08', 'Kandal Stueng', 'កណ្ដាលស្ទឹង', 'srok'),
  ('0802', '08', 'Kien Svay', 'កៀនស្វាយ', 'srok'),
  ('0803', '08', 'Khsach Kandal', 'ខ្សាច់កណ្ដាល', 'srok'),
  ('0804', '08', 'Kaoh Thum', 'កោះធំ', 'srok'),
  ('0805', '08', 'Leuk Daek', 'លើកដែក', 'srok'),
  ('0806', '08', 'Lvea Aem', 'ល្វាឯម', 'srok'),
  ('0807', '08', 'Mukh Kampul', 'មុខកំពូល', 'srok'),
  ('0808', '08', 'Angk Snuol', 'អង្គស្នួល', 'srok'),
  ('0809', '08', 'Ponhea Lueu', 'ពញាឮ', 'srok'),
  ('0810', '08', 'S''ang', 'ស្អាង', 'srok'),
  ('0811', '08', 'Ta Khmau', 'តាខ្មៅ', 'krong'),
  ('0812', '08', 'Sampeou Poun', 'សំពៅពូន', 'krong'),
  ('0813', '08', 'Akreiy Ksatr', 'អរិយក្សត្រ', 'krong'),
  ('0901', '09', 'Botum Sakor', 'បុទុមសាគរ', 'srok'),
  ('0902', '09', 'Kiri Sakor', 'គិរីសាគរ', 'srok'),
  ('0903', '09', 'Kaoh Kong', 'កោះកុង', 'srok'),
  ('0904', '09', 'Khemara Phoumin', 'ខេមរភូមិន្ទ', 'krong'),
  ('0905', '09', 'Mondol Seima', 'មណ្ឌលសីមា', 'srok'),
  ('0906', '09', 'Srae Ambel', 'ស្រែ អំបិល', 'srok'),
  ('0907', '09', 'Thma Bang', 'ថ្មបាំង', 'srok'),
  ('1001', '10', 'Chhloung', 'ឆ្លូង', 'srok'),
  ('1002', '10', 'Kracheh', 'ក្រចេះ', 'krong'),
  ('1003', '10', 'Prek Prasab', 'ព្រែកប្រសព្វ', 'srok'),
  ('1004', '10', 'Sambour', 'សំបូរ', 'srok'),
  ('1005', '10', 'Snuol', 'ស្នួល', 'srok'),
  ('1006', '10', 'Chetr Borei', 'ចិត្របុរី', 'srok'),
  ('1007', '10', 'Ou Krieng Saenchey', 'អូរគ្រៀងសែនជ័យ', 'srok'),
  ('1101', '11', 'Kaev Seima', 'កែវសីមា', 'srok'),
  ('1102', '11', 'Kaoh Nheaek', 'កោះញែក', 'srok'),
  ('1103', '11', 'Ou Reang', 'អូររាំង', 'srok'),
  ('1104', '11', 'Pech Chreada', 'ពេជ្រាដា', 'srok'),
  ('1105', '11', 'Saen Monourom', 'សែនមនោរម្យ', 'krong'),
  ('1201', '12', 'Chamkar Mon', 'ចំការមន', 'khan'),
  ('1202', '12', 'Doun Penh', 'ដូនពេញ', 'khan'),
  ('1203', '12', 'Prampir Meakkakra', '៧មករា', 'khan'),
  ('1204', '12', 'Tuol Kouk', 'ទួលគោក', 'khan'),
  ('1205', '12', 'Dangkao', 'ដង្កោ', 'khan'),
  ('1206', '12', 'Mean Chey', 'មានជ័យ', 'khan'),
  ('1207', '12', 'Russey Keo', 'ឫស្សីកែវ', 'khan'),
  ('1208', '12', 'Saensokh', 'សែនសុខ', 'khan'),
  ('1209', '12', 'Pur SenChey', 'ពោធិ៍សែនជ័យ', 'khan'),
  ('1210', '12', 'Chrouy Changvar', 'ជ្រោយចង្វារ', 'khan'),
  ('1211', '12', 'Praek Pnov', 'ព្រែកព្នៅ', 'khan'),
  ('1212', '12', 'Chbar Ampov', 'ច្បារអំពៅ', 'khan'),
  ('1213', '12', 'Boeng Keng Kang', 'បឹងកេងកង', 'khan'),
  ('1214', '12', 'Kamboul', 'កំបូល', 'khan'),
  ('1301', '13', 'Chey Saen', 'ជ័យសែន', 'srok'),
  ('1302', '13', 'Chhaeb', 'ឆែប', 'srok'),
  ('1303', '13', 'Choam Ksant', 'ជាំក្សាន្ដ', 'srok'),
  ('1304', '13', 'Kuleaen', 'គូលែន', 'srok'),
  ('1305', '13', 'Rovieng', 'រវៀង', 'srok'),
  ('1306', '13', 'Sangkum Thmei', 'សង្គមថ្មី', 'srok'),
  ('1307', '13', 'Tbaeng Mean Chey', 'ត្បែងមានជ័យ', 'srok'),
  ('1308', '13', 'Preah Vihear', 'ព្រះវិហារ', 'krong'),
  ('1401', '14', 'Ba Phnum', 'បាភ្នំ', 'srok'),
  ('1402', '14', 'Kamchay Mear', 'កំចាយមារ', 'srok'),
  ('1403', '14', 'Kampong Trabaek', 'កំពង់ត្របែក', 'srok'),
  ('1404', '14', 'Kanhchriech', 'កញ្ជ្រៀច', 'srok'),
  ('1405', '14', 'Me Sang', 'មេសាង', 'srok'),
  ('1406', '14', 'Peam Chor', 'ពាមជរ', 'srok'),
  ('1407', '14', 'Peam Ro', 'ពាមរក៍', 'srok'),
  ('1408', '14', 'Pea Reang', 'ពារាំង', 'srok'),
  ('1409', '14', 'Preah Sdach', 'ព្រះស្ដេច', 'srok'),
  ('1410', '14', 'Prey Veng', 'ព្រៃវែង', 'krong'),
  ('1411', '14', 'Pur Rieng', 'ពោធិ៍រៀង', 'srok'),
  ('1412', '14', 'Sithor Kandal', 'ស៊ីធរកណ្ដាល', 'srok'),
  ('1413', '14', 'Svay Antor', 'ស្វាយអន្ទរ', 'srok'),
  ('1501', '15', 'Bakan', 'បាកាន', 'srok'),
  ('1502', '15', 'Kandieng', 'កណ្ដៀង', 'srok'),
  ('1503', '15', 'Krakor', 'ក្រគរ', 'srok'),
  ('1504', '15', 'Phnum Kravanh', 'ភ្នំក្រវ៉ាញ', 'srok'),
  ('1505', '15', 'Pursat', 'ពោធិ៍សាត់', 'krong'),
  ('1506', '15', 'Veal Veaeng', 'វាលវែង', 'srok'),
  ('1507', '15', 'Ta Lou Senchey', 'តាលោសែនជ័យ', 'srok'),
  ('1601', '16', 'Andoung Meas', 'អណ្ដូងមាស', 'srok'),
  ('1602', '16', 'Ban Lung', 'បានលុង', 'krong'),
  ('1603', '16', 'Bar Kaev', 'បរកែវ', 'srok'),
  ('1604', '16', 'Koun Mom', 'កូនមុំ', 'srok'),
  ('1605', '16', 'Lumphat', 'លំផាត់', 'srok'),
  ('1606', '16', 'Ou Chum', 'អូរជុំ', 'srok'),
  ('1607', '16', 'Ou Ya Dav', 'អូរយ៉ាដាវ', 'srok'),
  ('1608', '16', 'Ta Veaeng', 'តាវែង', 'srok'),
  ('1609', '16', 'Veun Sai', 'វើនសៃ', 'srok'),
  ('1701', '17', 'Angkor Chum', 'អង្គរជុំ', 'srok'),
  ('1702', '17', 'Angkor Thum', 'អង្គរធំ', 'srok'),
  ('1703', '17', 'Banteay Srei', 'បន្ទាយស្រី', 'srok'),
  ('1704', '17', 'Chi Kraeng', 'ជីក្រែង', 'srok'),
  ('1706', '17', 'Kralanh', 'ក្រឡាញ់', 'srok'),
  ('1707', '17', 'Puok', 'ពួក', 'srok'),
  ('1709', '17', 'Prasat Bakong', 'ប្រាសាទបាគង', 'srok'),
  ('1710', '17', 'Siem Reap', 'សៀមរាប', 'krong'),
  ('1711', '17', 'Soutr Nikom', 'សូទ្រនិគម', 'srok'),
  ('1712', '17', 'Srei Snam', 'ស្រីស្នំ', 'srok'),
  ('1713', '17', 'Svay Leu', 'ស្វាយលើ', 'srok'),
  ('1714', '17', 'Varin', 'វ៉ារិន', 'srok'),
  ('1715', '17', 'Run Ta Aek Techo Sen', 'រុនតាឯកតេជោសែន', 'krong'),
  ('1801', '18', 'Preah Sihanouk', 'ព្រះសីហនុ', 'krong'),
  ('1802', '18', 'Prey Nob', 'ព្រៃនប់', 'srok'),
  ('1803', '18', 'Stueng Hav', 'ស្ទឹងហាវ', 'srok'),
  ('1804', '18', 'Kampong Seila', 'កំពង់សីលា', 'srok'),
  ('1805', '18', 'Kaoh Rung', 'កោះរ៉ុង', 'krong'),
  ('1806', '18', 'Kampong Soam', 'កំពង់សោម', 'krong'),
  ('1901', '19', 'Sesan', 'សេសាន', 'srok'),
  ('1902', '19', 'Siem Bouk', 'សៀមបូក', 'srok'),
  ('1903', '19', 'Siem Pang', 'សៀមប៉ាង', 'srok'),
  ('1904', '19', 'Stueng Traeng', 'ស្ទឹងត្រែង', 'krong'),
  ('1905', '19', 'Thala Barivat', 'ថាឡាបរិវ៉ាត់', 'srok'),
  ('1906', '19', 'Borei Ou Svay Senchey', 'បុរីអូរស្វាយសែនជ័យ', 'srok'),
  ('2001', '20', 'Chantrea', 'ចន្ទ្រា', 'srok'),
  ('2002', '20', 'Kampong Rou', 'កំពង់រោទិ៍', 'srok'),
  ('2003', '20', 'Rumduol', 'រំដួល', 'srok'),
  ('2004', '20', 'Romeas Haek', 'រមាសហែក', 'srok'),
  ('2005', '20', 'Svay Chrum', 'ស្វាយជ្រំ', 'srok'),
  ('2006', '20', 'Svay Rieng', 'ស្វាយរៀង', 'krong'),
  ('2007', '20', 'Svay Teab', 'ស្វាយទាប', 'srok'),
  ('2008', '20', 'Bavet', 'បាវិត', 'krong'),
  ('2101', '21', 'Angkor Borei', 'អង្គរបូរី', 'srok'),
  ('2102', '21', 'Bati', 'បាទី', 'srok'),
  ('2103', '21', 'Borei Cholsar', 'បូរីជលសារ', 'srok'),
  ('2104', '21', 'Kiri Vong', 'គីរីវង់', 'srok'),
  ('2105', '21', 'Kaoh Andaet', 'កោះអណ្ដែត', 'srok'),
  ('2106', '21', 'Prey Kabbas', 'ព្រៃកប្បាស', 'srok'),
  ('2107', '21', 'Samraong', 'សំរោង', 'srok'),
  ('2108', '21', 'Doun Kaev', 'ដូនកែវ', 'krong'),
  ('2109', '21', 'Tram Kak', 'ត្រាំកក់', 'srok'),
  ('2110', '21', 'Treang', 'ទ្រាំង', 'srok'),
  ('2201', '22', 'Anlong Veaeng', 'អន្លង់វែង', 'srok'),
  ('2202', '22', 'Banteay Ampil', 'បន្ទាយអំពិល', 'srok'),
  ('2203', '22', 'Chong Kal', 'ចុងកាល់', 'srok'),
  ('2204', '22', 'Samraong', 'សំរោង', 'krong'),
  ('2205', '22', 'Trapeang Prasat', 'ត្រពាំងប្រាសាទ', 'srok'),
  ('2301', '23', 'Damnak Chang''aeur', 'ដំណាក់ចង្អើរ', 'srok'),
  ('2302', '23', 'Kaeb', 'កែប', 'krong'),
  ('2401', '24', 'Pailin', 'ប៉ៃលិន', 'krong'),
  ('2402', '24', 'Sala Krau', 'សាលាក្រៅ', 'srok'),
  ('2501', '25', 'Dambae', 'តំបែរ', 'srok'),
  ('2502', '25', 'Krouch Chhmar', 'ក្រូចឆ្មារ', 'srok'),
  ('2503', '25', 'Memot', 'មេមត់', 'srok'),
  ('2504', '25', 'Ou Reang Ov', 'អូររាំងឪ', 'srok'),
  ('2505', '25', 'Ponhea Kraek', 'ពញាក្រែក', 'srok'),
  ('2506', '25', 'Suong', 'សួង', 'krong'),
  ('2507', '25', 'Tboung Khmum', 'ត្បូងឃ្មុំ', 'srok');

insert into public.communes (code, district_code, name_en, name_km, kind) values
  ('010201', '0102', 'Banteay Neang', 'បន្ទាយនាង', 'khum'),
  ('010202', '0102', 'Bat Trang', 'បត់ត្រង់', 'khum'),
  ('010203', '0102', 'Chamnaom', 'ចំណោម', 'khum'),
  ('010204', '0102', 'Kouk Ballangk', 'គោកបល្ល័ង្គ', 'khum'),
  ('010205', '0102', 'Koy Maeng', 'គយម៉ែង', 'khum'),
  ('010206', '0102', 'Ou Prasat', 'អូរប្រាសាទ', 'khum'),
  ('010207', '0102', 'Phnum Touch', 'ភ្នំតូច', 'khum'),
  ('010208', '0102', 'Rohat Tuek', 'រហាត់ទឹក', 'khum'),
  ('010209', '0102', 'Ruessei Kraok', 'ឫស្សីក្រោក', 'khum'),
  ('010210', '0102', 'Sambuor', 'សំបួរ', 'khum'),
  ('010211', '0102', 'Soea', 'សឿ', 'khum'),
  ('010212', '0102', 'Srah Reang', 'ស្រះរាំង', 'khum'),
  ('010213', '0102', 'Ta Lam', 'តាឡំ', 'khum'),
  ('010301', '0103', 'Nam Tau', 'ណាំតៅ', 'khum'),
  ('010302', '0103', 'Poy Char', 'ប៉ោយចារ', 'khum'),
  ('010303', '0103', 'Ponley', 'ពន្លៃ', 'khum'),
  ('010304', '0103', 'Spean Sraeng', 'ស្ពានស្រែង', 'khum'),
  ('010305', '0103', 'Srah Chik', 'ស្រះជីក', 'khum'),
  ('010306', '0103', 'Phnum Dei', 'ភ្នំដី', 'khum'),
  ('010401', '0104', 'Chnuor Mean Chey', 'ឈ្នួរមានជ័យ', 'khum'),
  ('010402', '0104', 'Chob Vari', 'ជប់វារី', 'khum'),
  ('010403', '0104', 'Phnum Lieb', 'ភ្នំលៀប', 'khum'),
  ('010404', '0104', 'Prasat', 'ប្រាសាទ', 'khum'),
  ('010405', '0104', 'Preak Netr Preah', 'ព្រះនេត្រព្រះ', 'khum'),
  ('010406', '0104', 'Rohal', 'រហាល', 'khum'),
  ('010407', '0104', 'Tean Kam', 'ទានកាំ', 'khum'),
  ('010408', '0104', 'Tuek Chour', 'ទឹកជោរ', 'khum'),
  ('010409', '0104', 'Bos Sbov', 'បុស្បូវ', 'khum'),
  ('010501', '0105', 'Changha', 'ចង្ហា', 'khum'),
  ('010502', '0105', 'Koub', 'កូប', 'khum'),
  ('010503', '0105', 'Kuttasat', 'គុត្ដសត', 'khum'),
  ('010505', '0105', 'Samraong', 'សំរោង', 'khum'),
  ('010506', '0105', 'Souphi', 'សូភី', 'khum'),
  ('010507', '0105', 'Soengh', 'សឹង្ហ', 'khum'),
  ('010509', '0105', 'Ou Beichoan', 'អូរបីជាន់', 'khum'),
  ('010602', '0106', 'Kampong Svay', 'កំពង់ស្វាយ', 'sangkat'),
  ('010603', '0106', 'Kaoh Pong Satv', 'កោះពងសត្វ', 'sangkat'),
  ('010604', '0106', 'Mkak', 'ម្កាក់', 'sangkat'),
  ('010605', '0106', 'Ou Ambel', 'អូរអំបិល', 'sangkat'),
  ('010606', '0106', 'Phniet', 'ភ្នៀត', 'sangkat'),
  ('010607', '0106', 'Preah Ponlea', 'ព្រះពន្លា', 'sangkat'),
  ('010608', '0106', 'Tuek Thla', 'ទឹកថ្លា', 'sangkat'),
  ('010701', '0107', 'Banteay Chhmar', 'បន្ទាយឆ្មារ', 'khum'),
  ('010702', '0107', 'Kouk Romiet', 'គោករមៀត', 'khum'),
  ('010703', '0107', 'Phum Thmei', 'ភូមិថ្មី', 'khum'),
  ('010704', '0107', 'Thma Puok', 'ថ្មពួក', 'khum'),
  ('010705', '0107', 'Kouk Kakthen', 'គោកកឋិន', 'khum'),
  ('010706', '0107', 'Kumru', 'គំរូ', 'khum'),
  ('010801', '0108', 'Phkoam', 'ផ្គាំ', 'khum'),
  ('010802', '0108', 'Sarongk', 'សារង្គ', 'khum'),
  ('010803', '0108', 'Sla Kram', 'ស្លក្រាម', 'khum'),
  ('010804', '0108', 'Svay Chek', 'ស្វាយចេក', 'khum'),
  ('010805', '0108', 'Ta Baen', 'តាបែន', 'khum'),
  ('010806', '0108', 'Ta Phou', 'តាផូ', 'khum'),
  ('010807', '0108', 'Treas', 'ទ្រាស', 'khum'),
  ('010808', '0108', 'Roluos', 'រលួស', 'khum'),
  ('010901', '0109', 'Boeng Beng', 'បឹងបេង', 'khum'),
  ('010902', '0109', 'Malai', 'ម៉ាឡៃ', 'khum'),
  ('010903', '0109', 'Ou Sampoar', 'អូរសំព័រ', 'khum'),
  ('010904', '0109', 'Ou Sralau', 'អូរស្រឡៅ', 'khum'),
  ('010905', '0109', 'Tuol Pongro', 'ទួលពង្រ', 'khum'),
  ('010906', '0109', 'Ta Kong', 'តាគង់', 'khum'),
  ('011001', '0110', 'Nimitt', 'និមិត្ដ', 'sangkat'),
  ('011002', '0110', 'Paoy Paet', 'ប៉ោយប៉ែត', 'sangkat'),
  ('011003', '0110', 'Phsar Kandal', 'ផ្សារកណ្តាល', 'sangkat'),
  ('011004', '0110', 'Ou Chrov', 'អូរជ្រៅ', 'sangkat'),
  ('011005', '0110', 'Ou Reusey', 'អូរឫស្សី', 'sangkat'),
  ('020101', '0201', 'Kantueu Muoy', 'កន្ទឺ ១', 'khum'),
  ('020102', '0201', 'Kantueu Pir', 'កន្ទឺ ២', 'khum'),
  ('020103', '0201', 'Bay Damram', 'បាយដំរាំ', 'khum'),
  ('020104', '0201', 'Chheu Teal', 'ឈើទាល', 'khum'),
  ('020105', '0201', 'Chaeng Mean Chey', 'ចែងមានជ័យ', 'khum'),
  ('020106', '0201', 'Phnum Sampov', 'ភ្នំសំពៅ', 'khum'),
  ('020107', '0201', 'Snoeng', 'ស្នឹង', 'khum'),
  ('020108', '0201', 'Ta Kream', 'តាគ្រាម', 'khum'),
  ('020201', '0202', 'Ta Pung', 'តាពូង', 'khum'),
  ('020202', '0202', 'Ta Meun', 'តាម៉ឺន', 'khum'),
  ('020203', '0202', 'Ou Ta Ki', 'អូរតាគី', 'khum'),
  ('020204', '0202', 'Chrey', 'ជ្រៃ', 'khum'),
  ('020205', '0202', 'Anlong Run', 'អន្លង់រុន', 'khum'),
  ('020206', '0202', 'Chrouy Sdau', 'ជ្រោយស្ដៅ', 'khum'),
  ('020207', '0202', 'Boeng Pring', 'បឹងព្រីង', 'khum'),
  ('020208', '0202', 'Kouk Khmum', 'គោកឃ្មុំ', 'khum'),
  ('020209', '0202', 'Bansay Traeng', 'បន្សាយត្រែង', 'khum'),
  ('020210', '0202', 'Rung Chrey', 'រូងជ្រៃ', 'khum'),
  ('020301', '0203', 'Tuol Ta Ek', 'ទួលតាឯក', 'sangkat'),
  ('020302', '0203', 'Prek Preah Sdach', 'ព្រែកព្រះស្ដេច', 'sangkat'),
  ('020303', '0203', 'Rottanak', 'រតនៈ', 'sangkat'),
  ('020304', '0203', 'Chomkar Somraong', 'ចំការសំរោង', 'sangkat'),
  ('020305', '0203', 'Sla Ket', 'ស្លាកែត', 'sangkat'),
  ('020306', '0203', 'Kdol Doun Teav', 'ក្ដុលដូនទាវ', 'sangkat'),
  ('020307', '0203', 'OMal', 'អូរម៉ាល់', 'sangkat'),
  ('020308', '0203', 'Wat Kor', 'វត្ដគរ', 'sangkat'),
  ('020309', '0203', 'Ou Char', 'អូរចារ', 'sangkat'),
  ('020310', '0203', 'Svay Por', 'ស្វាយប៉ោ', 'sangkat'),
  ('020401', '0204', 'Bavel', 'បវេល', 'khum'),
  ('020402', '0204', 'Khnach Romeas', 'ខ្នាចរមាស', 'khum'),
  ('020403', '0204', 'Lvea', 'ល្វា', 'khum'),
  ('020404', '0204', 'Prey Khpos', 'ព្រៃខ្ពស់', 'khum'),
  ('020405', '0204', 'Ampil Pram Daeum', 'អំពិលប្រាំដើម', 'khum'),
  ('020406', '0204', 'Kdol Ta Haen', 'ក្ដុលតាហែន', 'khum'),
  ('020407', '0204', 'Khlaeng Meas', 'ឃ្លាំងមាស', 'khum'),
  ('020408', '0204', 'Boeung Pram', 'បឹងប្រាំ', 'khum'),
  ('020409', '0204', 'Bouvel', 'បួវិល', 'khum'),
  ('020501', '0205', 'Preaek Norint', 'ព្រែកនរិន្ទ', 'khum'),
  ('020502', '0205', 'Samraong Knong', 'សំរោងក្នុង', 'khum'),
  ('020503', '0205', 'Preaek Khpob', 'ព្រែកខ្ពប', 'khum'),
  ('020504', '0205', 'Preaek Luong', 'ព្រែកហ្លួង', 'khum'),
  ('020505', '0205', 'Peam Aek', 'ពាមឯក', 'khum'),
  ('020506', '0205', 'Prey Chas', 'ព្រៃចាស់', 'khum'),
  ('020507', '0205', 'Kaoh Chiveang', 'កោះជីវាំង', 'khum'),
  ('020601', '0206', 'Moung', 'មោង', 'khum'),
  ('020602', '0206', 'Kear', 'គារ', 'khum'),
  ('020603', '0206', 'Prey Svay', 'ព្រៃស្វាយ', 'khum'),
  ('020604', '0206', 'Ruessei Krang', 'ឫស្សីក្រាំង', 'khum'),
  ('020605', '0206', 'Chrey', 'ជ្រៃ', 'khum'),
  ('020606', '0206', 'Ta Loas', 'តាលាស់', 'khum'),
  ('020607', '0206', 'Kakaoh', 'កកោះ', 'khum'),
  ('020608', '0206', 'Prey Touch', 'ព្រៃតូច', 'khum'),
  ('020609', '0206', 'Robas Mongkol', 'របស់មង្គល', 'khum'),
  ('020701', '0207', 'Sdau', 'ស្ដៅ', 'khum'),
  ('020702', '0207', 'Andaeuk Haeb', 'អណ្ដើកហែប', 'khum'),
  ('020703', '0207', 'Phlov Meas', 'ផ្លូវមាស', 'khum'),
  ('020704', '0207', 'Traeng', 'ត្រែង', 'khum'),
  ('020705', '0207', 'Reaksmei Songha', 'រស្មីសង្ហារ', 'khum'),
  ('020801', '0208', 'Anlong Vil', 'អន្លង់វិល', 'khum'),
  ('020802', '0208', 'Norea', 'នរា', 'khum'),
  ('020803', '0208', 'Ta Pon', 'តាប៉ុន', 'khum'),
  ('020804', '0208', 'Roka', 'រកា', 'khum'),
  ('020805', '0208', 'Kampong Preah', 'កំពង់ព្រះ', 'khum'),
  ('020806', '0208', 'Kampong Prieng', 'កំពង់ព្រៀង', 'khum'),
  ('020807', '0208', 'Reang Kesei', 'រាំងកេសី', 'khum'),
  ('020808', '0208', 'Ou Dambang Muoy', 'អូរដំបង ១', 'khum'),
  ('020809', '0208', 'Ou Dambang Pir', 'អូរដំបង ២', 'khum'),
  ('020810', '0208', 'Vaot Ta Muem', 'វត្ដតាមិម', 'khum'),
  ('020901', '0209', 'Ta Taok', 'តាតោក', 'khum'),
  ('020902', '0209', 'Kampong Lpov', 'កំពង់ល្ពៅ', 'khum'),
  ('020903', '0209', 'Ou Samril', 'អូរសំរិល', 'khum'),
  ('020904', '0209', 'Sung', 'ស៊ុង', 'khum'),
  ('020905', '0209', 'Samlout', 'សំឡូត', 'khum'),
  ('020906', '0209', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('020907', '0209', 'Ta Sanh', 'តាសាញ', 'khum'),
  ('021001', '0210', 'Sampov Lun', 'សំពៅលូន', 'khum'),
  ('021002', '0210', 'Angkor Ban', 'អង្គរបាន', 'khum'),
  ('021003', '0210', 'Ta Sda', 'តាស្ដា', 'khum'),
  ('021004', '0210', 'Santepheap', 'សន្ដិភាព', 'khum'),
  ('021005', '0210', 'Serei Mean Chey', 'សេរីមានជ័យ', 'khum'),
  ('021006', '0210', 'Chrey Seima', 'ជ្រៃសីមា', 'khum'),
  ('021101', '0211', 'Phnum Proek', 'ភ្នំព្រឹក', 'khum'),
  ('021102', '0211', 'Pech Chenda', 'ពេជ្រចិន្ដា', 'khum'),
  ('021103', '0211', 'Bour', 'បួរ', 'khum'),
  ('021104', '0211', 'Barang Thleak', 'បារាំងធ្លាក់', 'khum'),
  ('021105', '0211', 'Ou Rumduol', 'អូររំដួល', 'khum'),
  ('021201', '0212', 'Kamrieng', 'កំរៀង', 'khum'),
  ('021202', '0212', 'Boeng Reang', 'បឹងរាំង', 'khum'),
  ('021203', '0212', 'Ou Da', 'អូរដា', 'khum'),
  ('021204', '0212', 'Trang', 'ត្រាង', 'khum'),
  ('021205', '0212', 'Ta Saen', 'តាសែន', 'khum'),
  ('021206', '0212', 'Ta Krei', 'តាក្រី', 'khum'),
  ('021301', '0213', 'Thipakdei', 'ធិបតី', 'khum'),
  ('021302', '0213', 'Kaos Krala', 'គាស់ក្រឡ', 'khum'),
  ('021303', '0213', 'Hab', 'ហប់', 'khum'),
  ('021304', '0213', 'Preah Phos', 'ព្រះផុស', 'khum'),
  ('021305', '0213', 'Doun Ba', 'ដូនបា', 'khum'),
  ('021306', '0213', 'Chhnal Moan', 'ឆ្នាល់មាន់', 'khum'),
  ('021401', '0214', 'Preaek Chik', 'ព្រែកជីក', 'khum'),
  ('021402', '0214', 'Prey Tralach', 'ព្រៃត្រឡាច', 'khum'),
  ('021403', '0214', 'Mukh Reah', 'មុខរាហ៍', 'khum'),
  ('021404', '0214', 'Sdok Pravoek', 'ស្តុកប្រវឹក', 'khum'),
  ('021405', '0214', 'Basak', 'បាសាក់', 'khum'),
  ('030101', '0301', 'Batheay', 'បាធាយ', 'khum'),
  ('030102', '0301', 'Chbar Ampov', 'ច្បារអំពៅ', 'khum'),
  ('030103', '0301', 'Chealea', 'ជាលា', 'khum'),
  ('030104', '0301', 'Cheung Prey', 'ជើងព្រៃ', 'khum'),
  ('030105', '0301', 'Me Pring', 'មេព្រីង', 'khum'),
  ('030106', '0301', 'Ph''av', 'ផ្អាវ', 'khum'),
  ('030107', '0301', 'Sambour', 'សំបូរ', 'khum'),
  ('030108', '0301', 'Sandaek', 'សណ្ដែក', 'khum'),
  ('030109', '0301', 'Tang Krang', 'តាំងក្រាំង', 'khum'),
  ('030110', '0301', 'Tang Krasang', 'តាំងក្រសាំង', 'khum'),
  ('030111', '0301', 'Trab', 'ត្រប់', 'khum'),
  ('030112', '0301', 'Tumnob', 'ទំនប់', 'khum'),
  ('030201', '0302', 'Bos Khnor', 'បុសខ្នុរ', 'khum'),
  ('030202', '0302', 'Chamkar Andoung', 'ចំការអណ្ដូង', 'khum'),
  ('030203', '0302', 'Cheyyou', 'ជយោ', 'khum'),
  ('030204', '0302', 'Lvea Leu', 'ល្វាលើ', 'khum'),
  ('030205', '0302', 'Spueu', 'ស្ពឺ', 'khum'),
  ('030206', '0302', 'Svay Teab', 'ស្វាយទាប', 'khum'),
  ('030207', '0302', 'Ta Ong', 'តាអុង', 'khum'),
  ('030208', '0302', 'Ta Prok', 'តាប្រុក', 'khum'),
  ('030301', '0303', 'Khnor Dambang', 'ខ្នុរដំបង', 'khum'),
  ('030302', '0303', 'Kouk Rovieng', 'គោករវៀង', 'khum'),
  ('030303', '0303', 'Pdau Chum', 'ផ្ដៅជុំ', 'khum'),
  ('030304', '0303', 'Prey Char', 'ព្រៃចារ', 'khum'),
  ('030305', '0303', 'Pring Chrum', 'ព្រីងជ្រុំ', 'khum'),
  ('030306', '0303', 'Sampong Chey', 'សំពងជ័យ', 'khum'),
  ('030307', '0303', 'Sdaeung Chey', 'ស្ដើងជ័យ', 'khum'),
  ('030308', '0303', 'Soutib', 'សូទិព្វ', 'khum'),
  ('030309', '0303', 'Sramar', 'ស្រម៉រ', 'khum'),
  ('030310', '0303', 'Trapeang Kor', 'ត្រពាំងគរ', 'khum'),
  ('030501', '0305', 'Boeng Kok', 'បឹងកុក', 'sangkat'),
  ('030502', '0305', 'Kampong Cham', 'កំពង់ចាម', 'sangkat'),
  ('030503', '0305', 'Sambuor Meas', 'សំបួរមាស', 'sangkat'),
  ('030504', '0305', 'Veal Vong', 'វាលវង់', 'sangkat'),
  ('030601', '0306', 'Ampil', 'អំពិល', 'khum'),
  ('030602', '0306', 'Hanchey', 'ហាន់ជ័យ', 'khum'),
  ('030603', '0306', 'Kien Chrey', 'កៀនជ្រៃ', 'khum'),
  ('030604', '0306', 'Kokor', 'គគរ', 'khum'),
  ('030605', '0306', 'Kaoh Mitt', 'កោះមិត្ដ', 'khum'),
  ('030606', '0306', 'Kaoh Roka', 'កោះរកា', 'khum'),
  ('030607', '0306', 'Kaoh Samraong', 'កោះសំរោង', 'khum'),
  ('030608', '0306', 'Kaoh Tontuem', 'កោះទន្ទឹម', 'khum'),
  ('030609', '0306', 'Krala', 'ក្រឡា', 'khum'),
  ('030610', '0306', 'Ou Svay', 'អូរស្វាយ', 'khum'),
  ('030611', '0306', 'Ro''ang', 'រអាង', 'khum'),
  ('030612', '0306', 'Rumchek', 'រំចេក', 'khum'),
  ('030613', '0306', 'Srak', 'ស្រក', 'khum'),
  ('030614', '0306', 'Trean', 'ទ្រាន', 'khum'),
  ('030615', '0306', 'Vihear Thum', 'វិហារធំ', 'khum'),
  ('030701', '0307', 'Angkor Ban', 'អង្គរបាន', 'khum'),
  ('030702', '0307', 'Kang Ta Noeng', 'កងតាណឹង', 'khum'),
  ('030703', '0307', 'Khchau', 'ខ្ចៅ', 'khum'),
  ('030704', '0307', 'Peam Chi Kang', 'ពាមជីកង', 'khum'),
  ('030705', '0307', 'Preaek Koy', 'ព្រែកកុយ', 'khum'),
  ('030706', '0307', 'Preaek Krabau', 'ព្រែកក្របៅ', 'khum'),
  ('030707', '0307', 'Reay Pay', 'រាយប៉ាយ', 'khum'),
  ('030708', '0307', 'Roka Ar', 'រកាអារ', 'khum'),
  ('030709', '0307', 'Roka Koy', 'រកាគយ', 'khum'),
  ('030710', '0307', 'Sdau', 'ស្ដៅ', 'khum'),
  ('030711', '0307', 'Sour Kong', 'សូរគង', 'khum'),
  ('030801', '0308', 'Kampong Reab', 'កំពង់រាប', 'khum'),
  ('030802', '0308', 'Kaoh Sotin', 'កោះសូទិន', 'khum'),
  ('030803', '0308', 'Lve', 'ល្វេ', 'khum'),
  ('030804', '0308', 'Moha Leaph', 'មហាលាភ', 'khum'),
  ('030805', '0308', 'Moha Khnhoung', 'មហាខ្ញូង', 'khum'),
  ('030806', '0308', 'Peam Prathnuoh', 'ពាមប្រធ្នោះ', 'khum'),
  ('030807', '0308', 'Pongro', 'ពង្រ', 'khum'),
  ('030808', '0308', 'Preaek Ta Nong', 'ព្រែកតានង់', 'khum'),
  ('031301', '0313', 'Baray', 'បារាយណ៍', 'khum'),
  ('031302', '0313', 'Boeng Nay', 'បឹងណាយ', 'khum'),
  ('031303', '0313', 'Chrey Vien', 'ជ្រៃវៀន', 'khum'),
  ('031304', '0313', 'Khvet Thum', 'ខ្វិតធំ', 'khum'),
  ('031305', '0313', 'Kor', 'គរ', 'khum'),
  ('031306', '0313', 'Krouch', 'ក្រូច', 'khum'),
  ('031307', '0313', 'Lvea', 'ល្វា', 'khum'),
  ('031308', '0313', 'Mien', 'មៀន', 'khum'),
  ('031309', '0313', 'Prey Chhor', 'ព្រៃឈរ', 'khum'),
  ('031310', '0313', 'Sour Saen', 'សូរសែន្យ', 'khum'),
  ('031311', '0313', 'Samraong', 'សំរោង', 'khum'),
  ('031312', '0313', 'Sragnae', 'ស្រង៉ែ', 'khum'),
  ('031313', '0313', 'Thma Pun', 'ថ្មពូន', 'khum'),
  ('031314', '0313', 'Tong Rong', 'តុងរ៉ុង', 'khum'),
  ('031315', '0313', 'Trapeang Preah', 'ត្រពាំងព្រះ', 'khum'),
  ('031401', '0314', 'Baray', 'បារាយណ៍', 'khum'),
  ('031402', '0314', 'Chi Bal', 'ជីបាល', 'khum'),
  ('031403', '0314', 'Khnar Sa', 'ខ្នារស', 'khum'),
  ('031404', '0314', 'Kaoh Andaet', 'កោះអណ្ដែត', 'khum'),
  ('031405', '0314', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('031406', '0314', 'Phteah Kandal', 'ផ្ទះកណ្ដាល', 'khum'),
  ('031407', '0314', 'Pram Yam', 'ប្រាំយ៉ាម', 'khum'),
  ('031408', '0314', 'Preaek Dambouk', 'ព្រែកដំបូក', 'khum'),
  ('031409', '0314', 'Preaek Pou', 'ព្រែកពោធិ', 'khum'),
  ('031410', '0314', 'Preaek Rumdeng', 'ព្រែករំដេង', 'khum'),
  ('031411', '0314', 'Ruessei Srok', 'ឫស្សីស្រុក', 'khum'),
  ('031412', '0314', 'Svay Pou', 'ស្វាយពោធិ', 'khum'),
  ('031413', '0314', 'Svay Khsach Phnum', 'ស្វាយខ្សាច់ភ្នំ', 'khum'),
  ('031414', '0314', 'Tong Tralach', 'ទងត្រឡាច', 'khum'),
  ('031501', '0315', 'Areaks Tnot', 'អារក្សត្នោត', 'khum'),
  ('031503', '0315', 'Dang Kdar', 'ដងក្ដារ', 'khum'),
  ('031504', '0315', 'Khpob Ta Nguon', 'ខ្ពបតាងួន', 'khum'),
  ('031505', '0315', 'Me Sar Chrey', 'មេសរជ្រៃ', 'khum'),
  ('031506', '0315', 'Ou Mlu', 'អូរម្លូ', 'khum'),
  ('031507', '0315', 'Peam Kaoh Snar', 'ពាមកោះស្នា', 'khum'),
  ('031508', '0315', 'Preah Andoung', 'ព្រះអណ្ដូង', 'khum'),
  ('031509', '0315', 'Preaek Bak', 'ព្រែកបាក់', 'khum'),
  ('031510', '0315', 'Preak Kak', 'ព្រែកកក់', 'khum'),
  ('031512', '0315', 'Soupheas', 'សូភាស', 'khum'),
  ('031513', '0315', 'Tuol Preah Khleang', 'ទួលព្រះឃ្លាំង', 'khum'),
  ('031514', '0315', 'Tuol Sambuor', 'ទួលសំបួរ', 'khum'),
  ('040101', '0401', 'Anhchanh Rung', 'អញ្ចាញរូង', 'khum'),
  ('040102', '0401', 'Chhnok Tru', 'ឆ្នុកទ្រូ', 'khum'),
  ('040103', '0401', 'Chak', 'ចក', 'khum'),
  ('040104', '0401', 'Khon Rang', 'ខុនរ៉ង', 'khum'),
  ('040105', '0401', 'Kampong Preah Kokir', 'កំពង់ព្រះគគីរ', 'khum'),
  ('040106', '0401', 'Melum', 'មេលំ', 'khum'),
  ('040107', '0401', 'Phsar', 'ផ្សារ', 'khum'),
  ('040108', '0401', 'Pech Changvar', 'ពេជចង្វារ', 'khum'),
  ('040109', '0401', 'Popel', 'ពពេល', 'khum'),
  ('040110', '0401', 'Ponley', 'ពន្លៃ', 'khum'),
  ('040111', '0401', 'Trapeang Chan', 'ត្រពាំងចាន់', 'khum'),
  ('040201', '0402', 'Chol Sar', 'ជលសា', 'khum'),
  ('040202', '0402', 'Kaoh Thkov', 'កោះថ្កូវ', 'khum'),
  ('040203', '0402', 'Kampong Ous', 'កំពង់អុស', 'khum'),
  ('040204', '0402', 'Peam Chhkaok', 'ពាមឆ្កោក', 'khum'),
  ('040205', '0402', 'Prey Kri', 'ព្រៃគ្រី', 'khum'),
  ('040301', '0403', 'Phsar Chhnang', 'ផ្សារឆ្នាំង', 'sangkat'),
  ('040302', '0403', 'Kampong Chhnang', 'កំពង់ឆ្នាំង', 'sangkat'),
  ('040303', '0403', 'B''er', 'ប្អេរ', 'sangkat'),
  ('040304', '0403', 'Khsam', 'ខ្សាម', 'sangkat'),
  ('040401', '0404', 'Chranouk', 'ច្រណូក', 'khum'),
  ('040402', '0404', 'Dar', 'ដារ', 'khum'),
  ('040403', '0404', 'Kampong Hau', 'កំពង់ហៅ', 'khum'),
  ('040404', '0404', 'Phlov Tuk', 'ផ្លូវទូក', 'khum'),
  ('040405', '0404', 'Pou', 'ពោធិ៍', 'khum'),
  ('040406', '0404', 'Pralay Meas', 'ប្រឡាយមាស', 'khum'),
  ('040407', '0404', 'Samraong Saen', 'សំរោងសែន', 'khum'),
  ('040408', '0404', 'Svay Rumpear', 'ស្វាយរំពារ', 'khum'),
  ('040409', '0404', 'Trangel', 'ត្រងិល', 'khum'),
  ('040501', '0405', 'Ampil Tuek', 'អំពិលទឹក', 'khum'),
  ('040502', '0405', 'Chhuk Sa', 'ឈូកស', 'khum'),
  ('040503', '0405', 'Chres', 'ច្រេស', 'khum'),
  ('040504', '0405', 'Kampong Tralach', 'កំពង់ត្រឡាច', 'khum'),
  ('040505', '0405', 'Longveaek', 'លង្វែក', 'khum'),
  ('040506', '0405', 'Ou Ruessei', 'អូរឫស្សី', 'khum'),
  ('040507', '0405', 'Peani', 'ពានី', 'khum'),
  ('040508', '0405', 'Saeb', 'សែប', 'khum'),
  ('040509', '0405', 'Ta Ches', 'តាជេស', 'khum'),
  ('040510', '0405', 'Thma Edth', 'ថ្មឥដ្ឋ', 'khum'),
  ('040601', '0406', 'Andoung Snay', 'អណ្ដូងស្នាយ', 'khum'),
  ('040602', '0406', 'Banteay Preal', 'បន្ទាយព្រាល', 'khum'),
  ('040603', '0406', 'Cheung Kreav', 'ជើងគ្រាវ', 'khum'),
  ('040604', '0406', 'Chrey Bak', 'ជ្រៃបាក់', 'khum'),
  ('040605', '0406', 'Kouk Banteay', 'គោកបន្ទាយ', 'khum'),
  ('040606', '0406', 'Krang Leav', 'ក្រាំងលាវ', 'khum'),
  ('040607', '0406', 'Pongro', 'ពង្រ', 'khum'),
  ('040608', '0406', 'Prasnoeb', 'ប្រស្នឹប', 'khum'),
  ('040609', '0406', 'Prey Mul', 'ព្រៃមូល', 'khum'),
  ('040610', '0406', 'Rolea B''ier', 'រលាប្អៀរ', 'khum'),
  ('040611', '0406', 'Srae Thmei', 'ស្រែថ្មី', 'khum'),
  ('040612', '0406', 'Svay Chrum', 'ស្វាយជ្រុំ', 'khum'),
  ('040613', '0406', 'Tuek Hout', 'ទឹកហូត', 'khum'),
  ('040614', '0406', 'Phnom Kraing Dey Meas', 'ភ្នំក្រាំងដីមាស', 'khum'),
  ('040701', '0407', 'Chhean Laeung', 'ឈានឡើង', 'khum'),
  ('040702', '0407', 'Khnar Chhmar', 'ខ្នារឆ្មារ', 'khum'),
  ('040703', '0407', 'Krang Lvea', 'ក្រាំងល្វា', 'khum'),
  ('040704', '0407', 'Peam', 'ពាម', 'khum'),
  ('040705', '0407', 'Sedthei', 'សេដ្ឋី', 'khum'),
  ('040706', '0407', 'Svay', 'ស្វាយ', 'khum'),
  ('040707', '0407', 'Svay Chuk', 'ស្វាយជុក', 'khum'),
  ('040708', '0407', 'Tbaeng Khpos', 'ត្បែងខ្ពស់', 'khum'),
  ('040709', '0407', 'Thlok Vien', 'ធ្លកវៀន', 'khum'),
  ('040801', '0408', 'Akphivoadth', 'អភិវឌ្ឍន៍', 'khum'),
  ('040802', '0408', 'Chieb', 'ជៀប', 'khum'),
  ('040803', '0408', 'Chaong Maong', 'ចោងម៉ោង', 'khum'),
  ('040804', '0408', 'Kbal Tuek', 'ក្បាលទឹក', 'khum'),
  ('040805', '0408', 'Khlong Popok', 'ខ្លុងពពក', 'khum'),
  ('040806', '0408', 'Krang Skear', 'ក្រាំងស្គារ', 'khum'),
  ('040807', '0408', 'Tang Krasang', 'តាំងក្រសាំង', 'khum'),
  ('040808', '0408', 'Tuol Khpos', 'ទួលខ្ពស់', 'khum'),
  ('040809', '0408', 'Kdol Saen Chey', 'ក្តុលសែនជ័យ', 'khum'),
  ('050101', '0501', 'Basedth', 'បរសេដ្ឋ', 'khum'),
  ('050102', '0501', 'Kat Phluk', 'កាត់ភ្លុក', 'khum'),
  ('050103', '0501', 'Nitean', 'និទាន', 'khum'),
  ('050104', '0501', 'Pheakdei', 'ភក្ដី', 'khum'),
  ('050105', '0501', 'Pheari Mean Chey', 'ភារីមានជ័យ', 'khum'),
  ('050106', '0501', 'Phong', 'ផុង', 'khum'),
  ('050107', '0501', 'Pou Angkrang', 'ពោធិអង្ក្រង', 'khum'),
  ('050108', '0501', 'Pou Chamraeun', 'ពោធិ៍ចំរើន', 'khum'),
  ('050109', '0501', 'Pou Mreal', 'ពោធិ៍ម្រាល', 'khum'),
  ('050110', '0501', 'Svay Chacheb', 'ស្វាយចចិប', 'khum'),
  ('050111', '0501', 'Tuol Ampil', 'ទួលអំពិល', 'khum'),
  ('050112', '0501', 'Tuol Sala', 'ទួលសាលា', 'khum'),
  ('050113', '0501', 'Kak', 'កក់', 'khum'),
  ('050114', '0501', 'Svay Rumpear', 'ស្វាយរំពារ', 'khum'),
  ('050115', '0501', 'Preah Khae', 'ព្រះខែ', 'khum'),
  ('050201', '0502', 'Chbar Mon', 'ច្បារមន', 'sangkat'),
  ('050202', '0502', 'Kandaol Dom', 'កណ្ដោលដុំ', 'sangkat'),
  ('050203', '0502', 'Rokar Thum', 'រការធំ', 'sangkat'),
  ('050204', '0502', 'Sopoar Tep', 'សុព័រទេព', 'sangkat'),
  ('050205', '0502', 'Svay Kravan', 'ស្វាយក្រវ៉ាន់', 'sangkat'),
  ('050301', '0503', 'Angk Popel', 'អង្គពពេល', 'khum'),
  ('050302', '0503', 'Chongruk', 'ជង្រុក', 'khum'),
  ('050303', '0503', 'Moha Ruessei', 'មហាឫស្សី', 'khum'),
  ('050304', '0503', 'Pechr Muni', 'ពេជ្រមុនី', 'khum'),
  ('050305', '0503', 'Preah Nipean', 'ព្រះនិព្វាន', 'khum'),
  ('050306', '0503', 'Prey Nheat', 'ព្រៃញាតិ', 'khum'),
  ('050307', '0503', 'Prey Vihear', 'ព្រៃវិហារ', 'khum'),
  ('050308', '0503', 'Roka Kaoh', 'រកាកោះ', 'khum'),
  ('050309', '0503', 'Sdok', 'ស្ដុក', 'khum'),
  ('050310', '0503', 'Snam Krapeu', 'ស្នំក្រពើ', 'khum'),
  ('050311', '0503', 'Srang', 'ស្រង់', 'khum'),
  ('050312', '0503', 'Tuek L''ak', 'ទឹកល្អក់', 'khum'),
  ('050313', '0503', 'Veal', 'វាល', 'khum'),
  ('050401', '0504', 'Haong Samnam', 'ហោងសំណំ', 'khum'),
  ('050402', '0504', 'Reaksmei Sameakki', 'រស្មីសាមគ្គី', 'khum'),
  ('050403', '0504', 'Trapeang Chour', 'ត្រពាំងជោ', 'khum'),
  ('050404', '0504', 'Sangkae Satob', 'សង្កែសាទប', 'khum'),
  ('050405', '0504', 'Ta Sal', 'តាសាល', 'khum'),
  ('050601', '0506', 'Chambak', 'ចំបក់', 'khum'),
  ('050602', '0506', 'Choam Sangkae', 'ជាំសង្កែ', 'khum'),
  ('050603', '0506', 'Dambouk Rung', 'ដំបូករូង', 'khum'),
  ('050604', '0506', 'Kiri Voan', 'គិរីវន្ដ', 'khum'),
  ('050605', '0506', 'Krang Dei Vay', 'ក្រាំងដីវ៉ាយ', 'khum'),
  ('050606', '0506', 'Moha Sang', 'មហាសាំង', 'khum'),
  ('050607', '0506', 'Ou', 'អូរ', 'khum'),
  ('050608', '0506', 'Prey Rumduol', 'ព្រៃរំដួល', 'khum'),
  ('050609', '0506', 'Prey Kmeng', 'ព្រៃក្មេង', 'khum'),
  ('050610', '0506', 'Tang Samraong', 'តាំងសំរោង', 'khum'),
  ('050611', '0506', 'Tang Sya', 'តាំងស្យា', 'khum'),
  ('050613', '0506', 'Traeng Trayueng', 'ត្រែងត្រយឹង', 'khum'),
  ('050614', '0506', 'Yeay Mao Pichnil', 'យាយម៉ៅពេជ្យនិល', 'khum'),
  ('050701', '0507', 'Roleang Chak', 'រលាំងចក', 'khum'),
  ('050702', '0507', 'Kahaeng', 'កាហែង', 'khum'),
  ('050703', '0507', 'Khtum Krang', 'ខ្ទុំក្រាំង', 'khum'),
  ('050704', '0507', 'Krang Ampil', 'ក្រាំងអំពិល', 'khum'),
  ('050705', '0507', 'Pneay', 'ព្នាយ', 'khum'),
  ('050706', '0507', 'Roleang Kreul', 'រលាំងគ្រើល', 'khum'),
  ('050707', '0507', 'Samrong Tong', 'សំរោងទង', 'khum'),
  ('050708', '0507', 'Sambour', 'សំបូរ', 'khum'),
  ('050709', '0507', 'Saen Dei', 'សែនដី', 'khum'),
  ('050710', '0507', 'Skuh', 'ស្គុះ', 'khum'),
  ('050711', '0507', 'Tang Krouch', 'តាំងក្រូច', 'khum'),
  ('050712', '0507', 'Thummoda Ar', 'ធម្មតាអរ', 'khum'),
  ('050713', '0507', 'Trapeang Kong', 'ត្រពាំងគង', 'khum'),
  ('050714', '0507', 'Tumpoar Meas', 'ទំព័រមាស', 'khum'),
  ('050715', '0507', 'Voa Sar', 'វល្លិសរ', 'khum'),
  ('050801', '0508', 'Amleang', 'អមលាំង', 'khum'),
  ('050802', '0508', 'Monourom', 'មនោរម្យ', 'khum'),
  ('050804', '0508', 'Prambei Mum', 'ប្រាំបីមុម', 'khum'),
  ('050805', '0508', 'Rung Roeang', 'រុងរឿង', 'khum'),
  ('050806', '0508', 'Toap Mean', 'ទ័ពមាន', 'khum'),
  ('050807', '0508', 'Veal Pon', 'វាលពន់', 'khum'),
  ('050808', '0508', 'Yea Angk', 'យាអង្គ', 'khum'),
  ('050901', '0509', 'Veang Chas', 'វាំងចាស់', 'sangkat'),
  ('050902', '0509', 'Veal Pong', 'វាលពង់', 'sangkat'),
  ('050903', '0509', 'Trach Tong', 'ត្រាចទង', 'sangkat'),
  ('050904', '0509', 'Preah Srae', 'ព្រះស្រែ', 'sangkat'),
  ('050905', '0509', 'Khsem Khsant', 'ក្សេមក្សាន្ដ', 'sangkat'),
  ('051001', '0510', 'Chan Saen', 'ចាន់សែន', 'khum'),
  ('051002', '0510', 'Cheung Roas', 'ជើងរាស់', 'khum'),
  ('051003', '0510', 'Chumpu Proeks', 'ជំពូព្រឹក្ស', 'khum'),
  ('051004', '0510', 'Krang Chek', 'ក្រាំងចេក', 'khum'),
  ('051005', '0510', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('051006', '0510', 'Prey Krasang', 'ព្រៃក្រសាំង', 'khum'),
  ('051007', '0510', 'Yutth Sameakki', 'យុទ្ធសាមគ្គី', 'khum'),
  ('051008', '0510', 'Damnak Reang', 'ដំណាក់រាំង', 'khum'),
  ('051009', '0510', 'Peang Lvea', 'ពាំងល្វា', 'khum'),
  ('051010', '0510', 'Phnom Touch', 'ភ្នំតូច', 'khum'),
  ('060101', '0601', 'Bak Sna', 'បាក់ស្នា', 'khum'),
  ('060102', '0601', 'Ballangk', 'បល្ល័ង្គ', 'khum'),
  ('060103', '0601', 'Baray', 'បារាយណ៍', 'khum'),
  ('060104', '0601', 'Boeng', 'បឹង', 'khum'),
  ('060105', '0601', 'Chaeung Daeung', 'ចើងដើង', 'khum'),
  ('060107', '0601', 'Chhuk Khsach', 'ឈូកខ្សាច់', 'khum'),
  ('060108', '0601', 'Chong Doung', 'ចុងដូង', 'khum'),
  ('060110', '0601', 'Kokir Thum', 'គគីធំ', 'khum'),
  ('060111', '0601', 'Krava', 'ក្រវ៉ា', 'khum'),
  ('060117', '0601', 'Tnaot Chum', 'ត្នោតជុំ', 'khum'),
  ('060201', '0602', 'Chey', 'ជ័យ', 'khum'),
  ('060202', '0602', 'Damrei Slab', 'ដំរីស្លាប់', 'khum'),
  ('060203', '0602', 'Kampong Kou', 'កំពង់គោ', 'khum'),
  ('060204', '0602', 'Kampong Svay', 'កំពង់ស្វាយ', 'khum'),
  ('060205', '0602', 'Nipech', 'នីពេជ', 'khum'),
  ('060206', '0602', 'Phat Sanday', 'ផាត់សណ្ដាយ', 'khum'),
  ('060207', '0602', 'San Kor', 'សាន់គ', 'khum'),
  ('060208', '0602', 'Tbaeng', 'ត្បែង', 'khum'),
  ('060209', '0602', 'Trapeang Ruessei', 'ត្រពាំងឫស្សី', 'khum'),
  ('060210', '0602', 'Kdei Doung', 'ក្ដីដូង', 'khum'),
  ('060211', '0602', 'Prey Kuy', 'ព្រៃគុយ', 'khum'),
  ('060301', '0603', 'Damrei Choan Khla', 'ដំរីជាន់ខ្លា', 'sangkat'),
  ('060302', '0603', 'Kampong Thum', 'កំពង់ធំ', 'sangkat'),
  ('060303', '0603', 'Kampong Roteh', 'កំពង់រទេះ', 'sangkat'),
  ('060304', '0603', 'Ou Kanthor', 'អូរកន្ធរ', 'sangkat'),
  ('060306', '0603', 'Kampong Krabau', 'កំពង់ក្របៅ', 'sangkat'),
  ('060308', '0603', 'Prey Ta Hu', 'ព្រៃតាហ៊ូ', 'sangkat'),
  ('060309', '0603', 'Achar Leak', 'អាចារ្យលាក់', 'sangkat'),
  ('060310', '0603', 'Srayov', 'ស្រយ៉ូវ', 'sangkat'),
  ('060401', '0604', 'Doung', 'ដូង', 'khum'),
  ('060402', '0604', 'Kraya', 'ក្រយា', 'khum'),
  ('060403', '0604', 'Phan Nheum', 'ផាន់ញើម', 'khum'),
  ('060404', '0604', 'Sakream', 'សាគ្រាម', 'khum'),
  ('060405', '0604', 'Sala Visai', 'សាលាវិស័យ', 'khum'),
  ('060406', '0604', 'Sameakki', 'សាមគ្គី', 'khum'),
  ('060407', '0604', 'Tuol Kreul', 'ទួលគ្រើល', 'khum'),
  ('060501', '0605', 'Chhuk', 'ឈូក', 'khum'),
  ('060502', '0605', 'Koul', 'គោល', 'khum'),
  ('060503', '0605', 'Sambour', 'សំបូរណ៍', 'khum'),
  ('060504', '0605', 'Sraeung', 'ស្រើង', 'khum'),
  ('060505', '0605', 'Tang Krasau', 'តាំងក្រសៅ', 'khum'),
  ('060601', '0606', 'Chheu Teal', 'ឈើទាល', 'khum'),
  ('060602', '0606', 'Dang Kambet', 'ដងកាំបិត', 'khum'),
  ('060603', '0606', 'Klaeng', 'ក្លែង', 'khum'),
  ('060604', '0606', 'Mean Rith', 'មានរិទ្ធ', 'khum'),
  ('060605', '0606', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('060606', '0606', 'Ngan', 'ងន', 'khum'),
  ('060607', '0606', 'Sandan', 'សណ្ដាន់', 'khum'),
  ('060608', '0606', 'Sochet', 'សុចិត្រ', 'khum'),
  ('060609', '0606', 'Tum Ring', 'ទំរីង', 'khum'),
  ('060701', '0607', 'Boeng Lvea', 'បឹងល្វា', 'khum'),
  ('060702', '0607', 'Chroab', 'ជ្រាប់', 'khum'),
  ('060703', '0607', 'Kampong Thma', 'កំពង់ថ្ម', 'khum'),
  ('060704', '0607', 'Kakaoh', 'កកោះ', 'khum'),
  ('060705', '0607', 'Kraya', 'ក្រយា', 'khum'),
  ('060706', '0607', 'Pnov', 'ព្នៅ', 'khum'),
  ('060707', '0607', 'Prasat', 'ប្រាសាទ', 'khum'),
  ('060708', '0607', 'Tang Krasang', 'តាំងក្រសាំង', 'khum'),
  ('060709', '0607', 'Ti Pou', 'ទីពោ', 'khum'),
  ('060710', '0607', 'Tboung Krapeu', 'ត្បូងក្រពើ', 'khum'),
  ('060801', '0608', 'Banteay Stoung', 'បន្ទាយស្ទោង', 'khum'),
  ('060802', '0608', 'Chamna Kraom', 'ចំណាក្រោម', 'khum'),
  ('060803', '0608', 'Chamna Leu', 'ចំណាលើ', 'khum'),
  ('060804', '0608', 'Kampong Chen Cheung', 'កំពង់ចិនជើង', 'khum'),
  ('060805', '0608', 'Kampong Chen Tboung', 'កំពង់ចិនត្បូង', 'khum'),
  ('060806', '0608', 'Msa Krang', 'ម្សាក្រង', 'khum'),
  ('060807', '0608', 'Peam Bang', 'ពាមបាង', 'khum'),
  ('060808', '0608', 'Popok', 'ពពក', 'khum'),
  ('060809', '0608', 'Pralay', 'ប្រឡាយ', 'khum'),
  ('060810', '0608', 'Preah Damrei', 'ព្រះដំរី', 'khum'),
  ('060811', '0608', 'Rung Roeang', 'រុងរឿង', 'khum'),
  ('060812', '0608', 'Samprouch', 'សំព្រោជ', 'khum'),
  ('060813', '0608', 'Trea', 'ទ្រា', 'khum'),
  ('060901', '0609', 'Pongro', 'ពង្រ', 'khum'),
  ('060902', '0609', 'Chraneang', 'ច្រនាង', 'khum'),
  ('060903', '0609', 'Chrolong', 'ជ្រលង', 'khum'),
  ('060904', '0609', 'Triel', 'ទ្រៀល', 'khum'),
  ('060905', '0609', 'Sou Young', 'សូយោង', 'khum'),
  ('060906', '0609', 'Sralau', 'ស្រឡៅ', 'khum'),
  ('060907', '0609', 'Svay Phleung', 'ស្វាយភ្លើង', 'khum'),
  ('060908', '0609', 'Andoung Pou', 'អណ្ដូងពោធិ៍', 'khum'),
  ('070101', '0701', 'Angk Phnum Touch', 'អង្គភ្នំតូច', 'khum'),
  ('070102', '0701', 'Ankor Chey', 'អង្គរជ័យ', 'khum'),
  ('070103', '0701', 'Champei', 'ចំប៉ី', 'khum'),
  ('070104', '0701', 'Dambouk Khpos', 'ដំបូកខ្ពស់', 'khum'),
  ('070105', '0701', 'Dan Koum', 'ដានគោម', 'khum'),
  ('070106', '0701', 'Daeum Doung', 'ដើមដូង', 'khum'),
  ('070107', '0701', 'Mroum', 'ម្រោម', 'khum'),
  ('070108', '0701', 'Phnum Kong', 'ភ្នំកុង', 'khum'),
  ('070109', '0701', 'Praphnum', 'ប្រភ្នំ', 'khum'),
  ('070110', '0701', 'Samlanh', 'សំឡាញ', 'khum'),
  ('070111', '0701', 'Tani', 'តានី', 'khum'),
  ('070201', '0702', 'Banteay Meas Khang Kaeut', 'បន្ទាយមាសខាងកើត', 'khum'),
  ('070202', '0702', 'Banteay Meas Khang lech', 'បន្ទាយមាសខាងលិច', 'khum'),
  ('070203', '0702', 'Prey Tonle', 'ព្រៃទន្លេ', 'khum'),
  ('070204', '0702', 'Samraong Kraom', 'សំរោងក្រោម', 'khum'),
  ('070205', '0702', 'Samraong Leu', 'សំរោងលើ', 'khum'),
  ('070206', '0702', 'Sdach Kong Khang Cheung', 'ស្ដេចគង់ខាងជើង', 'khum'),
  ('070207', '0702', 'Sdach Kong Khang lech', 'ស្ដេចគង់ខាងលិច', 'khum'),
  ('070208', '0702', 'Sdach Kong Khang Tboung', 'ស្ដេចគង់ខាងត្បូង', 'khum'),
  ('070209', '0702', 'Tnoat Chong Srang', 'ត្នោតចុងស្រង់', 'khum'),
  ('070210', '0702', 'Trapeang Sala Khang Kaeut', 'ត្រពាំងសាលាខាងកើត', 'khum'),
  ('070211', '0702', 'Trapeang Sala Khang Lech', 'ត្រពាំងសាលាខាងលិច', 'khum'),
  ('070212', '0702', 'Tuk Meas Khang Kaeut', 'ទូកមាសខាងកើត', 'khum'),
  ('070213', '0702', 'Tuk Meas Khang Lech', 'ទូកមាសខាងលិច', 'khum'),
  ('070214', '0702', 'Voat Angk Khang Cheung', 'វត្ដអង្គខាងជើង', 'khum'),
  ('070215', '0702', 'Voat Angk Khang Tboung', 'វត្ដអង្គខាងត្បូង', 'khum'),
  ('070301', '0703', 'Baniev', 'បានៀវ', 'khum'),
  ('070302', '0703', 'Takaen', 'តាកែន', 'khum'),
  ('070303', '0703', 'Boeng Nimol', 'បឹងនិមល', 'khum'),
  ('070304', '0703', 'Chhuk', 'ឈូក', 'khum'),
  ('070305', '0703', 'Doun Yay', 'ដូនយ៉យ', 'khum'),
  ('070306', '0703', 'Krang Sbov', 'ក្រាំងស្បូវ', 'khum'),
  ('070307', '0703', 'Krang Snay', 'ក្រាំងស្នាយ', 'khum'),
  ('070308', '0703', 'Lbaeuk', 'ល្បើក', 'khum'),
  ('070309', '0703', 'Trapeang Phleang', 'ត្រពាំងភ្លាំង', 'khum'),
  ('070310', '0703', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('070311', '0703', 'Neareay', 'នារាយណ៍', 'khum'),
  ('070312', '0703', 'Satv Pong', 'សត្វពង', 'khum'),
  ('070313', '0703', 'Trapeang Bei', 'ត្រពាំងបី', 'khum'),
  ('070314', '0703', 'Tramaeng', 'ត្រមែង', 'khum'),
  ('070315', '0703', 'Dechou Akphivoadth', 'តេជោអភិវឌ្ឍន៍', 'khum'),
  ('070401', '0704', 'Chres', 'ច្រេស', 'khum'),
  ('070402', '0704', 'Chumpu Voan', 'ជំពូវន្ដ', 'khum'),
  ('070403', '0704', 'Snay Anhchit', 'ស្នាយអញ្ជិត', 'khum'),
  ('070404', '0704', 'Srae Chaeng', 'ស្រែចែង', 'khum'),
  ('070405', '0704', 'Srae Knong', 'ស្រែក្នុង', 'khum'),
  ('070406', '0704', 'Srae Samraong', 'ស្រែសំរោង', 'khum'),
  ('070407', '0704', 'Trapeang Reang', 'ត្រពាំងរាំង', 'khum'),
  ('070501', '0705', 'Damnak Sokram', 'ដំណាក់សុក្រំ', 'khum'),
  ('070502', '0705', 'Dang Tong', 'ដងទង់', 'khum'),
  ('070503', '0705', 'Khcheay Khang Cheung', 'ឃ្ជាយខាងជើង', 'khum'),
  ('070504', '0705', 'Khcheay Khang Tboung', 'ខ្ជាយខាងត្បូង', 'khum'),
  ('070505', '0705', 'Mean Ritth', 'មានរិទ្ធិ', 'khum'),
  ('070506', '0705', 'Srae Chea Khang Cheung', 'ស្រែជាខាងជើង', 'khum'),
  ('070507', '0705', 'Srae Chea Khang Tboung', 'ស្រែជាខាងត្បូង', 'khum'),
  ('070508', '0705', 'Totung', 'ទទុង', 'khum'),
  ('070509', '0705', 'Angk Romeas', 'អង្គ រមាស', 'khum'),
  ('070510', '0705', 'L''ang', 'ល្អាង', 'khum'),
  ('070601', '0706', 'Boeng Sala Khang Cheung', 'បឹងសាលាខាងជើង', 'khum'),
  ('070602', '0706', 'Boeng Sala Khang Tboung', 'បឹងសាលាខាងត្បូង', 'khum'),
  ('070603', '0706', 'Damnak Kantuot Khang Cheung', 'ដំណាក់កន្ទួតខាងជើង', 'khum'),
  ('070604', '0706', 'Damnak Kantuot Khang Tboung', 'ដំណាក់កន្ទួតខាងត្បូង', 'khum'),
  ('070605', '0706', 'Kampong Trach Khang Kaeut', 'កំពង់ត្រាចខាងកើត', 'khum'),
  ('070606', '0706', 'Kampong Trach Khang Lech', 'កំពង់ត្រាចខាងលិច', 'khum'),
  ('070607', '0706', 'Prasat Phnom Khyang', 'ប្រាសាទភ្នំខ្យង', 'khum'),
  ('070608', '0706', 'Phnom Prasat', 'ភ្នំប្រាសាទ', 'khum'),
  ('070609', '0706', 'Ang Sophy', 'អង្គសុរភី', 'khum'),
  ('070612', '0706', 'Preaek Kroes', 'ព្រែកក្រឹស', 'khum'),
  ('070613', '0706', 'Ruessei Srok Khang Kaeut', 'ឫស្សីស្រុកខាងកើត', 'khum'),
  ('070614', '0706', 'Ruessei Srok Khang Lech', 'ឫស្សីស្រុកខាងលិច', 'khum'),
  ('070615', '0706', 'Svay Tong Khang Cheung', 'ស្វាយទងខាងជើង', 'khum'),
  ('070616', '0706', 'Svay Tong Khang Tboung', 'ស្វាយទងខាងត្បូង', 'khum'),
  ('070702', '0707', 'Chum Kriel', 'ជុំគ្រៀល', 'khum'),
  ('070703', '0707', 'Kampong Kraeng', 'កំពង់ក្រែង', 'khum'),
  ('070704', '0707', 'Kampong Samraong', 'កំពង់សំរោង', 'khum'),
  ('070705', '0707', 'Kandaol', 'កណ្ដោល', 'khum'),
  ('070708', '0707', 'Koun Satv', 'កូនសត្វ', 'khum'),
  ('070709', '0707', 'Makprang', 'ម៉ាក់ប្រាង្គ', 'khum'),
  ('070712', '0707', 'Prey Khmum', 'ព្រៃឃ្មុំ', 'khum'),
  ('070713', '0707', 'Prey Thnang', 'ព្រៃថ្នង', 'khum'),
  ('070715', '0707', 'Stueng Kaev', 'ស្ទឹងកែវ', 'khum'),
  ('070716', '0707', 'Thmei', 'ថ្មី', 'khum'),
  ('070717', '0707', 'Trapeang Pring', 'ត្រពាំងព្រីង', 'khum'),
  ('070718', '0707', 'Trapeang Sangkae', 'ត្រពាំងសង្កែ', 'khum'),
  ('070719', '0707', 'Trapeang Thum', 'ត្រពាំងធំ', 'khum'),
  ('070801', '0708', 'Kampong Kandal', 'កំពង់កណ្ដាល', 'sangkat'),
  ('070802', '0708', 'Krang Ampil', 'ក្រាំងអំពិល', 'sangkat'),
  ('070803', '0708', 'Kampong Bay', 'កំពង់បាយ', 'sangkat'),
  ('070804', '0708', 'Andoung Khmer', 'អណ្ដូងខ្មែរ', 'sangkat'),
  ('070805', '0708', 'Traeuy Kaoh', 'ត្រើយកោះ', 'sangkat'),
  ('070901', '0709', 'Boeng Tuk', 'បឹងទូក', 'sangkat'),
  ('070902', '0709', 'Kaoh Touch', 'កោះតូច', 'sangkat'),
  ('070903', '0709', 'Preaek Tnoat', 'ព្រែកត្នោត', 'sangkat'),
  ('080101', '0801', 'Ampov Prey', 'អំពៅព្រៃ', 'khum'),
  ('080102', '0801', 'Anlong Romiet', 'អន្លង់រមៀត', 'khum'),
  ('080103', '0801', 'Barku', 'បារគូ', 'khum'),
  ('080104', '0801', 'Boeng Khyang', 'បឹងខ្យាង', 'khum'),
  ('080105', '0801', 'Cheung Kaeub', 'ជើងកើប', 'khum'),
  ('080106', '0801', 'Daeum Rues', 'ដើមឫស', 'khum'),
  ('080107', '0801', 'Kandaok', 'កណ្ដោក', 'khum'),
  ('080108', '0801', 'Thmei', 'ថ្មី', 'khum'),
  ('080109', '0801', 'Kouk Trab', 'គោកត្រប់', 'khum'),
  ('080113', '0801', 'Preah Putth', 'ព្រះពុទ្ធ', 'khum'),
  ('080115', '0801', 'Preaek Roka', 'ព្រែករកា', 'khum'),
  ('080116', '0801', 'Preaek Slaeng', 'ព្រែកស្លែង', 'khum'),
  ('080117', '0801', 'Roka', 'រកា', 'khum'),
  ('080118', '0801', 'Roleang Kaen', 'រលាំងកែន', 'khum'),
  ('080122', '0801', 'Siem Reab', 'សៀមរាប', 'khum'),
  ('080125', '0801', 'Tbaeng', 'ត្បែង', 'khum'),
  ('080127', '0801', 'Trapeang Veaeng', 'ត្រពាំងវែង', 'khum'),
  ('080128', '0801', 'Trea', 'ទ្រា', 'khum'),
  ('080201', '0802', 'Banteay Daek', 'បន្ទាយដែក', 'khum'),
  ('080202', '0802', 'Chheu Teal', 'ឈើទាល', 'khum'),
  ('080203', '0802', 'Dei Edth', 'ដីឥដ្ឋ', 'khum'),
  ('080204', '0802', 'Kampong Svay', 'កំពង់ស្វាយ', 'khum'),
  ('080206', '0802', 'Kokir', 'គគីរ', 'khum'),
  ('080207', '0802', 'Kokir Thum', 'គគីរធំ', 'khum'),
  ('080208', '0802', 'Phum Thum', 'ភូមិធំ', 'khum'),
  ('080211', '0802', 'Samraong Thum', 'សំរោងធំ', 'khum'),
  ('080302', '0803', 'Chey Thum', 'ជ័យធំ', 'khum'),
  ('080303', '0803', 'Kampong Chamlang', 'កំពង់ចំលង', 'khum'),
  ('080304', '0803', 'Kaoh Chouram', 'កោះចូរ៉ាម', 'khum'),
  ('080306', '0803', 'Preah Prasab', 'ព្រះប្រសប់', 'khum'),
  ('080310', '0803', 'Preaek Ta Meak', 'ព្រែកតាមាក់', 'khum'),
  ('080311', '0803', 'Puk Ruessei', 'ពុកឫស្សី', 'khum'),
  ('080312', '0803', 'Roka Chonlueng', 'រកាជន្លឹង', 'khum'),
  ('080313', '0803', 'Sanlung', 'សន្លុង', 'khum'),
  ('080314', '0803', 'Sithor', 'ស៊ីធរ', 'khum'),
  ('080316', '0803', 'Svay Romiet', 'ស្វាយរមៀត', 'khum'),
  ('080317', '0803', 'Ta Aek', 'តាឯក', 'khum'),
  ('080318', '0803', 'Vihear Suork', 'វិហារសួគ៌', 'khum'),
  ('080403', '0804', 'Kampong Kong', 'កំពង់កុង', 'khum'),
  ('080404', '0804', 'Kaoh Thum Ka', 'កោះធំ ‹ក›', 'khum'),
  ('080405', '0804', 'Kaoh Thum Kha', 'កោះធំ ‹ខ›', 'khum'),
  ('080407', '0804', 'Leuk Daek', 'លើកដែក', 'khum'),
  ('080408', '0804', 'Pouthi Ban', 'ពោធិ៍បាន', 'khum'),
  ('080411', '0804', 'Preaek Thmei', 'ព្រែកថ្មី', 'khum'),
  ('080501', '0805', 'Kampong Phnum', 'កំពង់ភ្នំ', 'khum'),
  ('080502', '0805', 'K''am Samnar', 'ក្អមសំណរ', 'khum'),
  ('080503', '0805', 'Khpob Ateav', 'ខ្ពបអាទាវ', 'khum'),
  ('080504', '0805', 'Peam Reang', 'ពាមរាំង', 'khum'),
  ('080505', '0805', 'Preaek Dach', 'ព្រែកដាច់', 'khum'),
  ('080506', '0805', 'Preaek Tonloab', 'ព្រែកទន្លាប់', 'khum'),
  ('080507', '0805', 'Sandar', 'សណ្ដារ', 'khum'),
  ('080603', '0806', 'Boeng Krum', 'បឹងគ្រំ', 'khum'),
  ('080604', '0806', 'Kaoh Kaev', 'កោះកែវ', 'khum'),
  ('080605', '0806', 'Kaoh Reah', 'កោះរះ', 'khum'),
  ('080606', '0806', 'Lvea Sar', 'ល្វាសរ', 'khum'),
  ('080608', '0806', 'Phum Thum', 'ភូមិធំ', 'khum'),
  ('080610', '0806', 'Preaek Rey', 'ព្រែករៃ', 'khum'),
  ('080611', '0806', 'Preaek Ruessei', 'ព្រែកឫស្សី', 'khum'),
  ('080612', '0806', 'Sambuor', 'សំបួរ', 'khum'),
  ('080614', '0806', 'Thma Kor', 'ថ្មគរ', 'khum'),
  ('080615', '0806', 'Tuek Khleang', 'ទឹកឃ្លាំង', 'khum'),
  ('080703', '0807', 'Preaek Anhchanh', 'ព្រែកអញ្ចាញ', 'khum'),
  ('080704', '0807', 'Preaek Dambang', 'ព្រែកដំបង', 'khum'),
  ('080707', '0807', 'Roka Kong Ti Muoy', 'រកាកោង ទី ១', 'khum'),
  ('080708', '0807', 'Roka Kong Ti Pir', 'រកាកោង ទី ២', 'khum'),
  ('080709', '0807', 'Ruessei Chrouy', 'ឫស្សីជ្រោយ', 'khum'),
  ('080710', '0807', 'Sambuor Meas', 'សំបួរមាស', 'khum'),
  ('080711', '0807', 'Svay Ampear', 'ស្វាយអំពារ', 'khum'),
  ('080801', '0808', 'Baek Chan', 'បែកចាន', 'khum'),
  ('080803', '0808', 'Chhak Chheu Neang', 'ឆក់ឈើនាង', 'khum'),
  ('080804', '0808', 'Damnak Ampil', 'ដំណាក់អំពិល', 'khum'),
  ('080807', '0808', 'Krang Mkak', 'ក្រាំងម្កាក់', 'khum'),
  ('080808', '0808', 'Lumhach', 'លំហាច', 'khum'),
  ('080809', '0808', 'Mkak', 'ម្កាក់', 'khum'),
  ('080811', '0808', 'Peuk', 'ពើក', 'khum'),
  ('080813', '0808', 'Prey Puoch', 'ព្រៃពួច', 'khum'),
  ('080814', '0808', 'Samraong Leu', 'សំរោងលើ', 'khum'),
  ('080816', '0808', 'Tuol Prech', 'ទួលព្រេជ', 'khum'),
  ('080901', '0809', 'Chhveang', 'ឈ្វាំង', 'khum'),
  ('080902', '0809', 'Chrey Loas', 'ជ្រៃលាស់', 'khum'),
  ('080903', '0809', 'Kampong Luong', 'កំពង់ហ្លួង', 'khum'),
  ('080904', '0809', 'Kampong Os', 'កំពង់អុស', 'khum'),
  ('080905', '0809', 'Kaoh Chen', 'កោះចិន', 'khum'),
  ('080906', '0809', 'Phnum Bat', 'ភ្នំបាត', 'khum'),
  ('080907', '0809', 'Ponhea Lueu', 'ពញាឮ', 'khum'),
  ('080910', '0809', 'Preaek Ta Teaen', 'ព្រែកតាទែន', 'khum'),
  ('080911', '0809', 'Phsar Daek', 'ផ្សារដែក', 'khum'),
  ('080913', '0809', 'Tumnob Thum', 'ទំនប់ធំ', 'khum'),
  ('080914', '0809', 'Vihear Luong', 'វិហារហ្លួង', 'khum'),
  ('081001', '0810', 'Khpob', 'ខ្ពប', 'khum'),
  ('081003', '0810', 'Kaoh Khael', 'កោះខែល', 'khum'),
  ('081004', '0810', 'Kaoh Khsach Tonlea', 'កោះខ្សាច់ទន្លា', 'khum'),
  ('081005', '0810', 'Krang Yov', 'ក្រាំងយ៉ូវ', 'khum'),
  ('081006', '0810', 'Prasat', 'ប្រាសាទ', 'khum'),
  ('081007', '0810', 'Preaek Ambel', 'ព្រែកអំបិល', 'khum'),
  ('081008', '0810', 'Preaek Koy', 'ព្រែកគយ', 'khum'),
  ('081010', '0810', 'S''ang Phnum', 'ស្អាងភ្នំ', 'khum'),
  ('081012', '0810', 'Svay Prateal', 'ស្វាយប្រទាល', 'khum'),
  ('081014', '0810', 'Ta Lon', 'តាលន់', 'khum'),
  ('081015', '0810', 'Traeuy Sla', 'ត្រើយស្លា', 'khum'),
  ('081016', '0810', 'Tuek Vil', 'ទឹកវិល', 'khum'),
  ('081101', '0811', 'Ta Kdol', 'តាក្ដុល', 'sangkat'),
  ('081102', '0811', 'Prek Ruessey', 'ព្រែកឫស្សី', 'sangkat'),
  ('081103', '0811', 'Doeum Mien', 'ដើមមៀន', 'sangkat'),
  ('081104', '0811', 'Ta Khmao', 'តាខ្មៅ', 'sangkat'),
  ('081105', '0811', 'Prek Ho', 'ព្រែកហូរ', 'sangkat'),
  ('081106', '0811', 'Kampong Samnanh', 'កំពង់សំណាញ់', 'sangkat'),
  ('081107', '0811', 'Svay Rolum', 'ស្វាយរលំ', 'sangkat'),
  ('081108', '0811', 'Kaoh Anlong Chen', 'កោះអន្លង់ចិន', 'sangkat'),
  ('081109', '0811', 'Setbou', 'សិត្បូ', 'sangkat'),
  ('081110', '0811', 'Roka Khpos', 'រកាខ្ពស់', 'sangkat'),
  ('081201', '0812', 'Chheu Kmau', 'ឈើខ្មៅ', 'sangkat'),
  ('081202', '0812', 'Preaek Chrey', 'ព្រែកជ្រៃ', 'sangkat'),
  ('081203', '0812', 'Preaek Sdei', 'ព្រែកស្ដី', 'sangkat'),
  ('081204', '0812', 'Chrouy Ta Kaev', 'ជ្រោយតាកែវ', 'sangkat'),
  ('081205', '0812', 'Sampeou Poun', 'សំពៅពូន', 'sangkat'),
  ('081301', '0813', 'Bak Dav', 'បាក់ដាវ', 'sangkat'),
  ('081302', '0813', 'Kaoh Oknha Tei', 'កោះឧកញ៉ាតី', 'sangkat'),
  ('081303', '0813', 'Preaek Ampil', 'ព្រែកអំពិល', 'sangkat'),
  ('081304', '0813', 'Preaek Luong', 'ព្រែកលួង', 'sangkat'),
  ('081305', '0813', 'Preaek Ta kov', 'ព្រែកតាកូវ', 'sangkat'),
  ('081306', '0813', 'Svay Chrum', 'ស្វាយជ្រំ', 'sangkat'),
  ('081307', '0813', 'Akreiy Ksatr', 'អរិយក្សត្រ', 'sangkat'),
  ('081308', '0813', 'Sarikakaev', 'សារិកាកែវ', 'sangkat'),
  ('081309', '0813', 'Peam Oknha Ong', 'ពាមឧកញ៉ាអុង', 'sangkat'),
  ('081310', '0813', 'Preaek Kmeng', 'ព្រែកក្មេង', 'sangkat'),
  ('081311', '0813', 'Barong', 'បារុង', 'sangkat'),
  ('090101', '0901', 'Andoung Tuek', 'អណ្ដូងទឹក', 'khum'),
  ('090102', '0901', 'Kandaol', 'កណ្ដោល', 'khum'),
  ('090103', '0901', 'Ta Noun', 'តានូន', 'khum'),
  ('090104', '0901', 'Thma Sa', 'ថ្មស', 'khum'),
  ('090201', '0902', 'Kaoh Sdach', 'កោះស្ដេច', 'khum'),
  ('090202', '0902', 'Phnhi Meas', 'ភ្ញីមាស', 'khum'),
  ('090203', '0902', 'Preaek Khsach', 'ព្រែកខ្សាច់', 'khum'),
  ('090301', '0903', 'Chrouy Pras', 'ជ្រោយប្រស់', 'khum'),
  ('090302', '0903', 'Kaoh Kapi', 'កោះកាពិ', 'khum'),
  ('090303', '0903', 'Ta Tai Kraom', 'តាតៃក្រោម', 'khum'),
  ('090304', '0903', 'Trapeang Rung', 'ត្រពាំងរូង', 'khum'),
  ('090401', '0904', 'Smach Mean Chey', 'ស្មាច់មានជ័យ', 'sangkat'),
  ('090402', '0904', 'Dang Tong', 'ដងទង់', 'sangkat'),
  ('090403', '0904', 'Stueng Veaeng', 'ស្ទឹងវែង', 'sangkat'),
  ('090501', '0905', 'Pak Khlang', 'ប៉ាក់ខ្លង', 'khum'),
  ('090502', '0905', 'Peam Krasaob', 'ពាមក្រសោប', 'khum'),
  ('090503', '0905', 'Tuol Kokir', 'ទួលគគីរ', 'khum'),
  ('090601', '0906', 'Boeng Preav', 'បឹងព្រាវ', 'khum'),
  ('090602', '0906', 'Chi Kha Kraom', 'ជី ខ ក្រោម', 'khum'),
  ('090603', '0906', 'Chi kha Leu', 'ជី ខ លើ', 'khum'),
  ('090604', '0906', 'Chrouy Svay', 'ជ្រោយស្វាយ', 'khum'),
  ('090605', '0906', 'Dang Peaeng', 'ដងពែង', 'khum'),
  ('090606', '0906', 'Srae Ambel', 'ស្រែអំបិល', 'khum'),
  ('090701', '0907', 'Ta Tey Leu', 'តាទៃលើ', 'khum'),
  ('090702', '0907', 'Pralay', 'ប្រឡាយ', 'khum'),
  ('090703', '0907', 'Chumnoab', 'ជំនាប់', 'khum'),
  ('090704', '0907', 'Ruessei Chrum', 'ឫស្សីជ្រុំ', 'khum'),
  ('090705', '0907', 'Chi Phat', 'ជីផាត', 'khum'),
  ('090706', '0907', 'Thma Doun Pov', 'ថ្មដូនពៅ', 'khum'),
  ('100101', '1001', 'Chhloung', 'ឆ្លូង', 'khum'),
  ('100102', '1001', 'Damrei Phong', 'ដំរីផុង', 'khum'),
  ('100103', '1001', 'Han Chey', 'ហាន់ជ័យ', 'khum'),
  ('100104', '1001', 'Kampong Damrei', 'កំពង់ដំរី', 'khum'),
  ('100105', '1001', 'Kanhchor', 'កញ្ជរ', 'khum'),
  ('100106', '1001', 'Khsach Andeth', 'ខ្សាច់អណ្ដែត', 'khum'),
  ('100107', '1001', 'Pongro', 'ពង្រ', 'khum'),
  ('100108', '1001', 'Preaek Saman', 'ព្រែកសាម៉ាន់', 'khum'),
  ('100207', '1002', 'Kaoh Trong', 'កោះទ្រង់', 'sangkat'),
  ('100208', '1002', 'Krakor', 'ក្រគរ', 'sangkat'),
  ('100209', '1002', 'Kracheh', 'ក្រចេះ', 'sangkat'),
  ('100210', '1002', 'Ou Ruessei', 'អូរឫស្សី', 'sangkat'),
  ('100211', '1002', 'Roka Kandal', 'រកាកណ្ដាល', 'sangkat'),
  ('100301', '1003', 'Chambâk', 'ចំបក់', 'khum'),
  ('100302', '1003', 'Chrouy Banteay', 'ជ្រោយបន្ទាយ', 'khum'),
  ('100303', '1003', 'Kampong Kor', 'កំពង់គរ', 'khum'),
  ('100304', '1003', 'Koh Ta Suy', 'កោះតាស៊ុយ', 'khum'),
  ('100305', '1003', 'Preaek Prasab', 'ព្រែកប្រសព្វ', 'khum'),
  ('100306', '1003', 'Russey Keo', 'ឫស្សីកែវ', 'khum'),
  ('100307', '1003', 'Saob', 'សោប', 'khum'),
  ('100308', '1003', 'Ta Mao', 'តាម៉ៅ', 'khum'),
  ('100401', '1004', 'Boeng Char', 'បឹងចារ', 'khum'),
  ('100402', '1004', 'Kampong Cham', 'កំពង់ចាម', 'khum'),
  ('100404', '1004', 'Kaoh Khnhaer', 'កោះខ្ញែរ', 'khum'),
  ('100407', '1004', 'Sambour', 'សំបូរ', 'khum'),
  ('100408', '1004', 'Sandan', 'សណ្ដាន់', 'khum'),
  ('100410', '1004', 'Voadthonak', 'វឌ្ឍនៈ', 'khum'),
  ('100501', '1005', 'Khsuem', 'ឃ្សឹម', 'khum'),
  ('100502', '1005', 'Pir Thnu', 'ពីរធ្នូ', 'khum'),
  ('100503', '1005', 'Snuol', 'ស្នួល', 'khum'),
  ('100504', '1005', 'Srae Char', 'ស្រែចារ', 'khum'),
  ('100505', '1005', 'Svay Chreah', 'ស្វាយជ្រះ', 'khum'),
  ('100506', '1005', 'Kronhoung Saen Chey', 'គ្រញូងសែនជ័យ', 'khum'),
  ('100601', '1006', 'Bos Leav', 'បុសលាវ', 'khum'),
  ('100602', '1006', 'Changkrang', 'ចង្ក្រង់', 'khum'),
  ('100603', '1006', 'Dar', 'ដារ', 'khum'),
  ('100604', '1006', 'Kantuot', 'កន្ទួត', 'khum'),
  ('100605', '1006', 'Kou Loab', 'គោលាប់', 'khum'),
  ('100606', '1006', 'Kaoh Chraeng', 'កោះច្រែង', 'khum'),
  ('100607', '1006', 'Sambok', 'សំបុក', 'khum'),
  ('100608', '1006', 'Thma Andaeuk', 'ថ្មអណ្ដើក', 'khum'),
  ('100609', '1006', 'Thma Kreae', 'ថ្មគ្រែ', 'khum'),
  ('100610', '1006', 'Thmei', 'ថ្មី', 'khum'),
  ('100701', '1007', 'Kbal Damrei', 'ក្បាលដំរី', 'khum'),
  ('100702', '1007', 'Ou Krieng', 'អូរគ្រៀង', 'khum'),
  ('100703', '1007', 'Oukondear Senchey', 'អូរកណ្តៀរសែនជ័យ', 'khum'),
  ('100704', '1007', 'Roluos Mean Chey', 'រលួសមានជ័យ', 'khum'),
  ('100705', '1007', 'Srae Chis', 'ស្រែជិះ', 'khum'),
  ('110101', '1101', 'Chong Phlah', 'ចុងផ្លាស់', 'khum'),
  ('110102', '1101', 'Memang', 'មេម៉ង់', 'khum'),
  ('110103', '1101', 'Srae Chhuk', 'ស្រែឈូក', 'khum'),
  ('110104', '1101', 'Srae Khtum', 'ស្រែខ្ទុម', 'khum'),
  ('110105', '1101', 'Srae Preah', 'ស្រែព្រះ', 'khum'),
  ('110201', '1102', 'Nang Khi Lik', 'ណងឃីលិក', 'khum'),
  ('110202', '1102', 'A Buon Leu', 'អ បួនលើ', 'khum'),
  ('110203', '1102', 'Roya', 'រយ៉', 'khum'),
  ('110204', '1102', 'Sokh Sant', 'សុខសាន្ដ', 'khum'),
  ('110205', '1102', 'Srae Huy', 'ស្រែហ៊ុយ', 'khum'),
  ('110206', '1102', 'Srae Sangkum', 'ស្រែសង្គម', 'khum'),
  ('110301', '1103', 'Dak Dam', 'ដាក់ដាំ', 'khum'),
  ('110302', '1103', 'Saen Monourom', 'សែនមនោរម្យ', 'khum'),
  ('110401', '1104', 'Krang Teh', 'ក្រង់តេះ', 'khum'),
  ('110402', '1104', 'Pu Chrey', 'ពូជ្រៃ', 'khum'),
  ('110403', '1104', 'Srae Ampum', 'ស្រែអំពូម', 'khum'),
  ('110404', '1104', 'Bu Sra', 'ប៊ូស្រា', 'khum'),
  ('110501', '1105', 'Monourom', 'មនោរម្យ', 'sangkat'),
  ('110502', '1105', 'Sokh Dom', 'សុខដុម', 'sangkat'),
  ('110503', '1105', 'Spean Mean Chey', 'ស្ពានមានជ័យ', 'sangkat'),
  ('110504', '1105', 'Romonea', 'រមនា', 'sangkat'),
  ('120101', '1201', 'Tonle Basak', 'ទន្លេបាសាក់', 'sangkat'),
  ('120109', '1201', 'Tuol Tumpung Ti Pir', 'ទួលទំពូងទី ២', 'sangkat'),
  ('120110', '1201', 'Tuol Tumpung Ti Muoy', 'ទួលទំពូងទី ១', 'sangkat'),
  ('120111', '1201', 'Boeng Trabaek', 'បឹងត្របែក', 'sangkat'),
  ('120112', '1201', 'Phsar Daeum Thkov', 'ផ្សារដើមថ្កូវ', 'sangkat'),
  ('120201', '1202', 'Phsar Thmei Ti Muoy', 'ផ្សារថ្មីទី ១', 'sangkat'),
  ('120202', '1202', 'Phsar Thmei Ti Pir', 'ផ្សារថ្មីទី ២', 'sangkat'),
  ('120203', '1202', 'Phsar Thmei Ti Bei', 'ផ្សារថ្មីទី ៣', 'sangkat'),
  ('120204', '1202', 'Boeng Reang', 'បឹងរាំង', 'sangkat'),
  ('120205', '1202', 'Phsar Kandal Ti Muoy', 'ផ្សារកណ្ដាលទី១', 'sangkat'),
  ('120206', '1202', 'Phsar Kandal Ti Pir', 'ផ្សារកណ្ដាលទី២', 'sangkat'),
  ('120207', '1202', 'Chakto Mukh', 'ចតុមុខ', 'sangkat'),
  ('120208', '1202', 'Chey Chummeah', 'ជ័យជំនះ', 'sangkat'),
  ('120209', '1202', 'Phsar Chas', 'ផ្សារចាស់', 'sangkat'),
  ('120210', '1202', 'Srah Chak', 'ស្រះចក', 'sangkat'),
  ('120211', '1202', 'Voat Phnum', 'វត្ដភ្នំ', 'sangkat'),
  ('120301', '1203', 'Ou Ruessei Ti Muoy', 'អូរឫស្សីទី ១', 'sangkat'),
  ('120302', '1203', 'Ou Ruessei Ti Pir', 'អូរឫស្សីទី ២', 'sangkat'),
  ('120303', '1203', 'Ou Ruessei Ti Bei', 'អូរឫស្សីទី ៣', 'sangkat'),
  ('120304', '1203', 'Ou Ruessei Ti Buon', 'អូរឫស្សីទី ៤', 'sangkat'),
  ('120305', '1203', 'Monourom', 'មនោរម្យ', 'sangkat'),
  ('120306', '1203', 'Mittapheap', 'មិត្ដភាព', 'sangkat'),
  ('120307', '1203', 'Veal Vong', 'វាលវង់', 'sangkat'),
  ('120308', '1203', 'Boeng Proluet', 'បឹងព្រលឹត', 'sangkat'),
  ('120401', '1204', 'Phsar Depou Ti Muoy', 'ផ្សារដេប៉ូទី ១', 'sangkat'),
  ('120402', '1204', 'Phsar Depou Ti Pir', 'ផ្សារដេប៉ូទី ២', 'sangkat'),
  ('120403', '1204', 'Phsar Depou Ti Bei', 'ផ្សារដេប៉ូទី ៣', 'sangkat'),
  ('120404', '1204', 'Tuek L''ak Ti Muoy', 'ទឹកល្អក់ទី ១', 'sangkat'),
  ('120405', '1204', 'Tuek L''ak Ti Pir', 'ទឹកល្អក់ទី ២', 'sangkat'),
  ('120406', '1204', 'Tuek L''ak Ti Bei', 'ទឹកល្អក់ទី ៣', 'sangkat'),
  ('120407', '1204', 'Boeng Kak Ti Muoy', 'បឹងកក់ទី ១', 'sangkat'),
  ('120408', '1204', 'Boeng Kak Ti Pir', 'បឹងកក់ទី ២', 'sangkat'),
  ('120409', '1204', 'Phsar Daeum Kor', 'ផ្សារដើមគរ', 'sangkat'),
  ('120410', '1204', 'Boeng Salang', 'បឹងសាឡាង', 'sangkat'),
  ('120501', '1205', 'Dangkao', 'ដង្កោ', 'sangkat'),
  ('120507', '1205', 'Pong Tuek', 'ពងទឹក', 'sangkat'),
  ('120508', '1205', 'Prey Veaeng', 'ព្រៃវែង', 'sangkat'),
  ('120510', '1205', 'Prey Sa', 'ព្រៃស', 'sangkat'),
  ('120512', '1205', 'Krang Pongro', 'ក្រាំងពង្រ', 'sangkat'),
  ('120514', '1205', 'Sak Sampov', 'សាក់សំពៅ', 'sangkat'),
  ('120515', '1205', 'Cheung Aek', 'ជើងឯក', 'sangkat'),
  ('120516', '1205', 'Kong Noy', 'គងនយ', 'sangkat'),
  ('120517', '1205', 'Preaek Kampues', 'ព្រែកកំពឹស', 'sangkat'),
  ('120518', '1205', 'Roluos', 'រលួស', 'sangkat'),
  ('120519', '1205', 'Spean Thma', 'ស្ពានថ្ម', 'sangkat'),
  ('120520', '1205', 'Tien', 'ទៀន', 'sangkat'),
  ('120606', '1206', 'Chak Angrae Leu', 'ចាក់អង្រែលើ', 'sangkat'),
  ('120607', '1206', 'Chak Angrae Kraom', 'ចាក់អង្រែក្រោម', 'sangkat'),
  ('120608', '1206', 'Stueng Mean chey 1', 'ស្ទឹងមានជ័យទី១', 'sangkat'),
  ('120609', '1206', 'Stueng Mean chey 2', 'ស្ទឹងមានជ័យទី២', 'sangkat'),
  ('120610', '1206', 'Stueng Mean chey 3', 'ស្ទឹងមានជ័យទី៣', 'sangkat'),
  ('120611', '1206', 'Boeng Tumpun 1', 'បឹងទំពុនទី១', 'sangkat'),
  ('120612', '1206', 'Boeng Tumpun 2', 'បឹងទំពុនទី២', 'sangkat'),
  ('120703', '1207', 'Svay Pak', 'ស្វាយប៉ាក', 'sangkat'),
  ('120704', '1207', 'Kilomaetr Lekh Prammuoy', 'គីឡូម៉ែត្រលេខ៦', 'sangkat'),
  ('120706', '1207', 'Ruessei Kaev', 'ឫស្សីកែវ', 'sangkat'),
  ('120711', '1207', 'Chrang Chamreh Ti Muoy', 'ច្រាំងចំរេះទី ១', 'sangkat'),
  ('120712', '1207', 'Chrang Chamreh Ti Pir', 'ច្រាំងចំរេះទី ២', 'sangkat'),
  ('120713', '1207', 'Tuol Sangkae 1', 'ទួលសង្កែទី១', 'sangkat'),
  ('120714', '1207', 'Tuol Sangkae 2', 'ទួលសង្កែទី២', 'sangkat'),
  ('120801', '1208', 'Phnom Penh Thmei', 'ភ្នំពេញថ្មី', 'sangkat'),
  ('120802', '1208', 'Tuek Thla', 'ទឹកថ្លា', 'sangkat'),
  ('120803', '1208', 'Khmuonh', 'ឃ្មួញ', 'sangkat'),
  ('120807', '1208', 'Krang Thnong', 'ក្រាំងធ្នង់', 'sangkat'),
  ('120808', '1208', 'Ou Baek K''am', 'អូរបែកក្អម', 'sangkat'),
  ('120809', '1208', 'Kouk Khleang', 'គោកឃ្លាង', 'sangkat'),
  ('120901', '1209', 'Trapeang Krasang', 'ត្រពាំងក្រសាំង', 'sangkat'),
  ('120906', '1209', 'Samraong Kraom', 'សំរោងក្រោម', 'sangkat'),
  ('120914', '1209', 'Chaom Chau 1', 'ចោមចៅទី១', 'sangkat'),
  ('120915', '1209', 'Chaom Chau 2', 'ចោមចៅទី២', 'sangkat'),
  ('120916', '1209', 'Chaom Chau 3', 'ចោមចៅទី៣', 'sangkat'),
  ('120917', '1209', 'Kakab 1', 'កាកាបទី១', 'sangkat'),
  ('120918', '1209', 'Kakab 2', 'កាកាបទី២', 'sangkat'),
  ('121001', '1210', 'Chrouy Changvar', 'ជ្រោយចង្វារ', 'sangkat'),
  ('121002', '1210', 'Preaek Lieb', 'ព្រែកលៀប', 'sangkat'),
  ('121003', '1210', 'Preaek Ta Sek', 'ព្រែកតាសេក', 'sangkat'),
  ('121004', '1210', 'Kaoh Dach', 'កោះដាច់', 'sangkat'),
  ('121005', '1210', 'Bak Kaeng', 'បាក់ខែង', 'sangkat'),
  ('121101', '1211', 'Preaek Phnov', 'ព្រែកព្នៅ', 'sangkat'),
  ('121102', '1211', 'Ponhea Pon', 'ពញាពន់', 'sangkat'),
  ('121103', '1211', 'Samraong', 'សំរោង', 'sangkat'),
  ('121104', '1211', 'Kouk Roka', 'គោករកា', 'sangkat'),
  ('121105', '1211', 'Ponsang', 'ពន្សាំង', 'sangkat'),
  ('121201', '1212', 'Chhbar Ampov Ti Muoy', 'ច្បារអំពៅទី ១', 'sangkat'),
  ('121202', '1212', 'Chbar Ampov Ti Pir', 'ច្បារអំពៅទី ២', 'sangkat'),
  ('121203', '1212', 'Nirouth', 'និរោធ', 'sangkat'),
  ('121204', '1212', 'Preaek Pra', 'ព្រែកប្រា', 'sangkat'),
  ('121205', '1212', 'Veal Sbov', 'វាលស្បូវ', 'sangkat'),
  ('121206', '1212', 'Preaek Aeng', 'ព្រែកឯង', 'sangkat'),
  ('121207', '1212', 'Kbal Kaoh', 'ក្បាលកោះ', 'sangkat'),
  ('121208', '1212', 'Preaek Thmei', 'ព្រែកថ្មី', 'sangkat'),
  ('121301', '1213', 'Boeng Keng Kang Ti Muoy', 'បឹងកេងកងទី ១', 'sangkat'),
  ('121302', '1213', 'Boeng Keng Kang Ti Pir', 'បឹងកេងកងទី ២', 'sangkat'),
  ('121303', '1213', 'Boeng Keng Kang Ti Bei', 'បឹងកេងកងទី ៣', 'sangkat'),
  ('121304', '1213', 'Olympic', 'អូឡាំពិក', 'sangkat'),
  ('121305', '1213', 'Tumnob Tuek', 'ទំនប់ទឹក', 'sangkat'),
  ('121306', '1213', 'Tuol Svay Prey Ti Muoy', 'ទួលស្វាយព្រៃទី ១', 'sangkat'),
  ('121307', '1213', 'Tuol Svay Prey Ti Pir', 'ទួលស្វាយព្រៃទី ២', 'sangkat'),
  ('121401', '1214', 'Kamboul', 'កំបូល', 'sangkat'),
  ('121402', '1214', 'Kantaok', 'កន្ទោក', 'sangkat'),
  ('121403', '1214', 'Ovlaok', 'ឪឡោក', 'sangkat'),
  ('121404', '1214', 'Snaor', 'ស្នោរ', 'sangkat'),
  ('121405', '1214', 'Phleung Chheh Roteh', 'ភ្លើងឆេះរទេះ', 'sangkat'),
  ('121406', '1214', 'Boeng Thum', 'បឹងធំ', 'sangkat'),
  ('121407', '1214', 'Prateah Lang', 'ប្រទះឡាង', 'sangkat'),
  ('130101', '1301', 'S''ang', 'ស្អាង', 'khum'),
  ('130102', '1301', 'Tasu', 'តស៊ូ', 'khum'),
  ('130103', '1301', 'Khyang', 'ខ្យង', 'khum'),
  ('130104', '1301', 'Chrach', 'ច្រាច់', 'khum'),
  ('130105', '1301', 'Thmea', 'ធ្មា', 'khum'),
  ('130106', '1301', 'Putrea', 'ពុទ្រា', 'khum'),
  ('130201', '1302', 'Chhaeb Muoy', 'ឆែបមួយ', 'khum'),
  ('130202', '1302', 'Chhaeb Pir', 'ឆែបពីរ', 'khum'),
  ('130203', '1302', 'Sangkae Muoy', 'សង្កែមួយ', 'khum'),
  ('130204', '1302', 'Sangkae Pir', 'សង្កែពីរ', 'khum'),
  ('130205', '1302', 'Mlu Prey Muoy', 'ម្លូព្រៃមួយ', 'khum'),
  ('130206', '1302', 'Mlu Prey Pir', 'ម្លូព្រៃពីរ', 'khum'),
  ('130207', '1302', 'Kampong Sralau Muoy', 'កំពង់ស្រឡៅមួយ', 'khum'),
  ('130208', '1302', 'Kampong Sralau Pir', 'កំពង់ស្រឡៅពីរ', 'khum'),
  ('130301', '1303', 'Choam Ksant', 'ជាំក្សាន្ដ', 'khum'),
  ('130302', '1303', 'Tuek Kraham', 'ទឹកក្រហម', 'khum'),
  ('130303', '1303', 'Pring Thum', 'ព្រីងធំ', 'khum'),
  ('130304', '1303', 'Rumdaoh Srae', 'រំដោះស្រែ', 'khum'),
  ('130305', '1303', 'Yeang', 'យាង', 'khum'),
  ('130306', '1303', 'Kantuot', 'កន្ទួត', 'khum'),
  ('130307', '1303', 'Sror Aem', 'ស្រអែម', 'khum'),
  ('130308', '1303', 'Morokot', 'មរកត', 'khum'),
  ('130401', '1304', 'Kuleaen Tboung', 'គូលែនត្បូង', 'khum'),
  ('130402', '1304', 'Kuleaen Cheung', 'គូលែនជើង', 'khum'),
  ('130403', '1304', 'Thmei', 'ថ្មី', 'khum'),
  ('130404', '1304', 'Phnum Penh', 'ភ្នំពេញ', 'khum'),
  ('130405', '1304', 'Phnum Tbaeng Pir', 'ភ្នំត្បែងពីរ', 'khum'),
  ('130406', '1304', 'Srayang', 'ស្រយង់', 'khum'),
  ('130501', '1305', 'Robieb', 'របៀប', 'khum'),
  ('130502', '1305', 'Reaksmei', 'រស្មី', 'khum'),
  ('130503', '1305', 'Rohas', 'រហ័ស', 'khum'),
  ('130504', '1305', 'Rung Roeang', 'រុងរឿង', 'khum'),
  ('130505', '1305', 'Rik Reay', 'រីករាយ', 'khum'),
  ('130506', '1305', 'Ruos Roan', 'រួសរាន់', 'khum'),
  ('130507', '1305', 'Rotanak', 'រតនៈ', 'khum'),
  ('130508', '1305', 'Rieb Roy', 'រៀបរយ', 'khum'),
  ('130509', '1305', 'Reaksa', 'រក្សា', 'khum'),
  ('130510', '1305', 'Rumdaoh', 'រំដោះ', 'khum'),
  ('130511', '1305', 'Romtum', 'រមទម', 'khum'),
  ('130512', '1305', 'Romoneiy', 'រមណីយ', 'khum'),
  ('130601', '1306', 'Chamraeun', 'ចំរើន', 'khum'),
  ('130602', '1306', 'Ro''ang', 'រអាង', 'khum'),
  ('130603', '1306', 'Phnum Tbaeng Muoy', 'ភ្នំត្បែងមួយ', 'khum'),
  ('130604', '1306', 'Sdau', 'ស្ដៅ', 'khum'),
  ('130605', '1306', 'Ronak Ser', 'រណសិរ្ស', 'khum'),
  ('130703', '1307', 'Chhean Mukh', 'ឈានមុខ', 'khum'),
  ('130704', '1307', 'Pou', 'ពោធិ៍', 'khum'),
  ('130705', '1307', 'Prame', 'ប្រមេរុ', 'khum'),
  ('130706', '1307', 'Preah Khleang', 'ព្រះឃ្លាំង', 'khum'),
  ('130801', '1308', 'Kampong Pranak', 'កំពង់ប្រណាក', 'sangkat'),
  ('130802', '1308', 'Pal Hal', 'ប៉ាលហាល', 'sangkat'),
  ('140101', '1401', 'Boeng Preah', 'បឹងព្រះ', 'khum'),
  ('140102', '1401', 'Cheung Phnum', 'ជើងភ្នំ', 'khum'),
  ('140103', '1401', 'Chheu Kach', 'ឈើកាច់', 'khum'),
  ('140104', '1401', 'Reaks Chey', 'រក្សជ័យ', 'khum'),
  ('140105', '1401', 'Roung Damrei', 'រោងដំរី', 'khum'),
  ('140106', '1401', 'Sdau Kaong', 'ស្ដៅកោង', 'khum'),
  ('140107', '1401', 'Spueu Ka', 'ស្ពឺ ក', 'khum'),
  ('140108', '1401', 'Spueu Kha', 'ស្ពឺ ខ', 'khum'),
  ('140109', '1401', 'Theay', 'ធាយ', 'khum'),
  ('140201', '1402', 'Cheach', 'ជាច', 'khum'),
  ('140202', '1402', 'Doun Koeng', 'ដូនកឹង', 'khum'),
  ('140203', '1402', 'Kranhung', 'ក្រញូង', 'khum'),
  ('140204', '1402', 'Krabau', 'ក្របៅ', 'khum'),
  ('140205', '1402', 'Seang Khveang', 'ស៊ាងឃ្វាង', 'khum'),
  ('140206', '1402', 'Smaong Khang Cheung', 'ស្មោងខាងជើង', 'khum'),
  ('140207', '1402', 'Smaong Khang Tboung', 'ស្មោងខាងត្បូង', 'khum'),
  ('140208', '1402', 'Trabaek', 'ត្របែក', 'khum'),
  ('140301', '1403', 'Ansaong', 'អន្សោង', 'khum'),
  ('140302', '1403', 'Cham', 'ចាម', 'khum'),
  ('140303', '1403', 'Cheang Daek', 'ជាងដែក', 'khum'),
  ('140304', '1403', 'Chrey', 'ជ្រៃ', 'khum'),
  ('140305', '1403', 'Kansoam Ak', 'កន្សោមអក', 'khum'),
  ('140306', '1403', 'Kou Khchak', 'គោខ្ចក', 'khum'),
  ('140307', '1403', 'Kampong Trabaek', 'កំពង់ត្របែក', 'khum'),
  ('140308', '1403', 'Peam Montear', 'ពាមមន្ទារ', 'khum'),
  ('140309', '1403', 'Prasat', 'ប្រាសាទ', 'khum'),
  ('140310', '1403', 'Pratheat', 'ប្រធាតុ', 'khum'),
  ('140311', '1403', 'Prey Chhor', 'ព្រៃឈរ', 'khum'),
  ('140312', '1403', 'Prey Poun', 'ព្រៃពោន', 'khum'),
  ('140313', '1403', 'Thkov', 'ថ្កូវ', 'khum'),
  ('140401', '1404', 'Chong Ampil', 'ចុងអំពិល', 'khum'),
  ('140402', '1404', 'Kanhchriech', 'កញ្ជ្រៀច', 'khum'),
  ('140403', '1404', 'Kdoeang Reay', 'ក្ដឿងរាយ', 'khum'),
  ('140404', '1404', 'Kouk Kong Kaeut', 'គោកគង់កើត', 'khum'),
  ('140405', '1404', 'Kouk Kong Lech', 'គោកគង់លិច', 'khum'),
  ('140406', '1404', 'Preal', 'ព្រាល', 'khum'),
  ('140407', '1404', 'Thma Pun', 'ថ្មពូន', 'khum'),
  ('140408', '1404', 'Tnaot', 'ត្នោត', 'khum'),
  ('140501', '1405', 'Angkor Sar', 'អង្គរសរ', 'khum'),
  ('140502', '1405', 'Chres', 'ច្រេស', 'khum'),
  ('140503', '1405', 'Chi Phoch', 'ជីផុច', 'khum'),
  ('140504', '1405', 'Prey Khnes', 'ព្រៃឃ្នេស', 'khum'),
  ('140505', '1405', 'Prey Rumdeng', 'ព្រៃរំដេង', 'khum'),
  ('140506', '1405', 'Prey Totueng', 'ព្រៃទទឹង', 'khum'),
  ('140507', '1405', 'Svay Chrum', 'ស្វាយជ្រុំ', 'khum'),
  ('140508', '1405', 'Trapeang Srae', 'ត្រពាំងស្រែ', 'khum'),
  ('140601', '1406', 'Angkor Angk', 'អង្គរអង្គ', 'khum'),
  ('140602', '1406', 'Kampong Prasat', 'កំពង់ប្រាសាទ', 'khum'),
  ('140603', '1406', 'Kaoh Chek', 'កោះចេក', 'khum'),
  ('140604', '1406', 'Kaoh Roka', 'កោះរកា', 'khum'),
  ('140605', '1406', 'Kaoh Sampov', 'កោះសំពៅ', 'khum'),
  ('140606', '1406', 'Krang Ta Yang', 'ក្រាំងតាយ៉ង', 'khum'),
  ('140607', '1406', 'Preaek Krabau', 'ព្រែកក្របៅ', 'khum'),
  ('140608', '1406', 'Preaek Sambuor', 'ព្រែកសំបួរ', 'khum'),
  ('140609', '1406', 'Ruessei Srok', 'ឫស្សីស្រុក', 'khum'),
  ('140610', '1406', 'Svay Phluoh', 'ស្វាយភ្លោះ', 'khum'),
  ('140701', '1407', 'Ba Baong', 'បាបោង', 'khum'),
  ('140702', '1407', 'Banlich Prasat', 'បន្លិចប្រាសាទ', 'khum'),
  ('140703', '1407', 'Neak Loeang', 'អ្នកលឿង', 'khum'),
  ('140704', '1407', 'Peam Mean Chey', 'ពាមមានជ័យ', 'khum'),
  ('140705', '1407', 'Peam Ro', 'ពាមរក៍', 'khum'),
  ('140706', '1407', 'Preaek Khsay Ka', 'ព្រែកខ្សាយ ក', 'khum'),
  ('140707', '1407', 'Preaek Khsay Kha', 'ព្រែកខ្សាយ ខ', 'khum'),
  ('140708', '1407', 'Prey Kandieng', 'ព្រៃកណ្ដៀង', 'khum'),
  ('140801', '1408', 'Kampong Popil', 'កំពង់ពពិល', 'khum'),
  ('140802', '1408', 'Kanhcham', 'កញ្ចំ', 'khum'),
  ('140803', '1408', 'Kampong Prang', 'កំពង់ប្រាំង', 'khum'),
  ('140805', '1408', 'Mesar Prachan', 'មេសរប្រចាន់', 'khum'),
  ('140807', '1408', 'Prey Pnov', 'ព្រៃព្នៅ', 'khum'),
  ('140808', '1408', 'Prey Sniet', 'ព្រៃស្នៀត', 'khum'),
  ('140809', '1408', 'Prey Sralet', 'ព្រៃស្រឡិត', 'khum'),
  ('140810', '1408', 'Reab', 'រាប', 'khum'),
  ('140811', '1408', 'Roka', 'រកា', 'khum'),
  ('140901', '1409', 'Angkor Reach', 'អង្គររាជ្យ', 'khum'),
  ('140902', '1409', 'Banteay Chakrei', 'បន្ទាយចក្រី', 'khum'),
  ('140903', '1409', 'Boeng Daol', 'បឹងដោល', 'khum'),
  ('140904', '1409', 'Chey Kampok', 'ជៃកំពក', 'khum'),
  ('140905', '1409', 'Kampong Soeng', 'កំពង់សឹង', 'khum'),
  ('140906', '1409', 'Krang Svay', 'ក្រាំងស្វាយ', 'khum'),
  ('140907', '1409', 'Lvea', 'ល្វា', 'khum'),
  ('140908', '1409', 'Preah Sdach', 'ព្រះស្ដេច', 'khum'),
  ('140909', '1409', 'Reathor', 'រាធរ', 'khum'),
  ('140910', '1409', 'Rumchek', 'រំចេក', 'khum'),
  ('140911', '1409', 'Sena Reach Otdam', 'សេនារាជឧត្ដម', 'khum'),
  ('141001', '1410', 'Baray', 'បារាយណ៍', 'sangkat'),
  ('141002', '1410', 'Cheung Tuek', 'ជើងទឹក', 'sangkat'),
  ('141003', '1410', 'Kampong Leav', 'កំពង់លាវ', 'sangkat'),
  ('141004', '1410', 'Ta Kao', 'តាកោ', 'sangkat'),
  ('141101', '1411', 'Pou Rieng', 'ពោធិ៍រៀង', 'khum'),
  ('141102', '1411', 'Preaek Anteah', 'ព្រែកអន្ទះ', 'khum'),
  ('141103', '1411', 'Preaek Chrey', 'ព្រែកជ្រៃ', 'khum'),
  ('141104', '1411', 'Prey Kanlaong', 'ព្រៃកន្លោង', 'khum'),
  ('141106', '1411', 'Kampong Ruessei', 'កំពង់ឫស្សី', 'khum'),
  ('141107', '1411', 'Preaek Ta Sar', 'ព្រែកតាសរ', 'khum'),
  ('141201', '1412', 'Ampil Krau', 'អំពិលក្រៅ', 'khum'),
  ('141202', '1412', 'Chrey Khmum', 'ជ្រៃឃ្មុំ', 'khum'),
  ('141203', '1412', 'Lve', 'ល្វេ', 'khum'),
  ('141204', '1412', 'Pnov Ti Muoy', 'ព្នៅទី ១', 'khum'),
  ('141205', '1412', 'Pnov Ti Pir', 'ព្នៅទី ២', 'khum'),
  ('141206', '1412', 'Pou Ti', 'ពោធិ៍ទី', 'khum'),
  ('141207', '1412', 'Preaek Changkran', 'ព្រែកចង្ក្រាន', 'khum'),
  ('141208', '1412', 'Prey Daeum Thnoeng', 'ព្រៃដើមថ្នឹង', 'khum'),
  ('141209', '1412', 'Prey Tueng', 'ព្រៃទឹង', 'khum'),
  ('141210', '1412', 'Rumlech', 'រំលេច', 'khum'),
  ('141211', '1412', 'Ruessei Sanh', 'ឫស្សីសាញ់', 'khum'),
  ('141301', '1413', 'Angkor Tret', 'អង្គរទ្រេត', 'khum'),
  ('141302', '1413', 'Chea Khlang', 'ជាខ្លាង', 'khum'),
  ('141303', '1413', 'Chrey', 'ជ្រៃ', 'khum'),
  ('141304', '1413', 'Damrei Puon', 'ដំរីពួន', 'khum'),
  ('141305', '1413', 'Me Bon', 'មេបុណ្យ', 'khum'),
  ('141306', '1413', 'Pean Roung', 'ពានរោង', 'khum'),
  ('141307', '1413', 'Popueus', 'ពពឺស', 'khum'),
  ('141308', '1413', 'Prey Khla', 'ព្រៃខ្លា', 'khum'),
  ('141309', '1413', 'Samraong', 'សំរោង', 'khum'),
  ('141310', '1413', 'Svay Antor', 'ស្វាយអន្ទរ', 'khum'),
  ('141311', '1413', 'Tuek Thla', 'ទឹកថ្លា', 'khum'),
  ('150101', '1501', 'Boeng Bat Kandaol', 'បឹងបត់កណ្ដាល', 'khum'),
  ('150102', '1501', 'Boeng Khnar', 'បឹងខ្នារ', 'khum'),
  ('150103', '1501', 'Khnar Totueng', 'ខ្នារទទឹង', 'khum'),
  ('150104', '1501', 'Me Tuek', 'មេទឹក', 'khum'),
  ('150105', '1501', 'Ou Ta Paong', 'អូរតាប៉ោង', 'khum'),
  ('150106', '1501', 'Rumlech', 'រំលេច', 'khum'),
  ('150107', '1501', 'Snam Preah', 'ស្នាមព្រះ', 'khum'),
  ('150108', '1501', 'Svay Doun Kaev', 'ស្វាយដូនកែវ', 'khum'),
  ('150110', '1501', 'Trapeang chorng', 'ត្រពាំងជង', 'khum'),
  ('150201', '1502', 'Anlong Vil', 'អន្លង់វិល', 'khum'),
  ('150203', '1502', 'Kandieng', 'កណ្ដៀង', 'khum'),
  ('150204', '1502', 'Kanhchor', 'កញ្ជរ', 'khum'),
  ('150205', '1502', 'Reang Til', 'រាំងទិល', 'khum'),
  ('150206', '1502', 'Srae Sdok', 'ស្រែស្ដុក', 'khum'),
  ('150207', '1502', 'Svay Luong', 'ស្វាយលួង', 'khum'),
  ('150208', '1502', 'Sya', 'ស្យា', 'khum'),
  ('150209', '1502', 'Veal', 'វាល', 'khum'),
  ('150210', '1502', 'Kaoh Chum', 'កោះជុំ', 'khum'),
  ('150301', '1503', 'Anlong Tnaot', 'អន្លង់ត្នោត', 'khum'),
  ('150302', '1503', 'Ansa Chambak', 'អន្សាចំបក់', 'khum'),
  ('150303', '1503', 'Boeng Kantuot', 'បឹងកន្ទួត', 'khum'),
  ('150304', '1503', 'Chheu Tom', 'ឈើតុំ', 'khum'),
  ('150305', '1503', 'Kampong Luong', 'កំពង់លួង', 'khum'),
  ('150306', '1503', 'Kampong Pou', 'កំពង់ពោធិ៍', 'khum'),
  ('150307', '1503', 'Kbal Trach', 'ក្បាលត្រាច', 'khum'),
  ('150308', '1503', 'Ou Sandan', 'អូរសណ្ដាន់', 'khum'),
  ('150309', '1503', 'Sna Ansa', 'ស្នាអន្សា', 'khum'),
  ('150310', '1503', 'Svay Sa', 'ស្វាយស', 'khum'),
  ('150311', '1503', 'Tnaot Chum', 'ត្នោតជុំ', 'khum'),
  ('150401', '1504', 'Bak Chenhchien', 'បាក់ចិញ្ចៀន', 'khum'),
  ('150402', '1504', 'Leach', 'លាច', 'khum'),
  ('150404', '1504', 'Prongil', 'ព្រងិល', 'khum'),
  ('150405', '1504', 'Rokat', 'រកាត', 'khum'),
  ('150406', '1504', 'Santreae', 'សន្ទ្រែ', 'khum'),
  ('150407', '1504', 'Samraong', 'សំរោង', 'khum'),
  ('150501', '1505', 'Chamraeun Phal', 'ចំរើនផល', 'sangkat'),
  ('150503', '1505', 'Lolok Sa', 'លលកស', 'sangkat'),
  ('150504', '1505', 'Phteah Prey', 'ផ្ទះព្រៃ', 'sangkat'),
  ('150505', '1505', 'Prey Nhi', 'ព្រៃញី', 'sangkat'),
  ('150506', '1505', 'Roleab', 'រលាប', 'sangkat'),
  ('150507', '1505', 'Svay At', 'ស្វាយអាត់', 'sangkat'),
  ('150508', '1505', 'Banteay Dei', 'បន្ទាយដី', 'sangkat'),
  ('150601', '1506', 'Ou Saom', 'អូរសោម', 'khum'),
  ('150602', '1506', 'Krapeu Pir', 'ក្រពើពីរ', 'khum'),
  ('150603', '1506', 'Anlong Reab', 'អន្លង់រាប', 'khum'),
  ('150604', '1506', 'Pramaoy', 'ប្រម៉ោយ', 'khum'),
  ('150605', '1506', 'Thma Da', 'ថ្មដា', 'khum'),
  ('150701', '1507', 'Ta Lou', 'តាលោ', 'khum'),
  ('150702', '1507', 'Phteah Rung', 'ផ្ទះរុង', 'khum'),
  ('160101', '1601', 'Malik', 'ម៉ាលិក', 'khum'),
  ('160103', '1601', 'Nhang', 'ញ៉ាង', 'khum'),
  ('160104', '1601', 'Ta Lav', 'តាឡាវ', 'khum'),
  ('160201', '1602', 'Kachanh', 'កាចាញ', 'sangkat'),
  ('160202', '1602', 'Labansiek', 'ឡាបានសៀក', 'sangkat'),
  ('160203', '1602', 'Yeak Laom', 'យក្ខឡោម', 'sangkat'),
  ('160204', '1602', 'Boeng Kansaeng', 'បឹងកន្សែង', 'sangkat'),
  ('160301', '1603', 'Kak', 'កក់', 'khum'),
  ('160302', '1603', 'Keh Chong', 'កិះចុង', 'khum'),
  ('160303', '1603', 'La Minh', 'ឡាមីញ', 'khum'),
  ('160304', '1603', 'Lung Khung', 'លុងឃុង', 'khum'),
  ('160305', '1603', 'Saeung', 'ស៊ើង', 'khum'),
  ('160306', '1603', 'Ting Chak', 'ទីងចាក់', 'khum'),
  ('160401', '1604', 'Serei Mongkol', 'សិរីមង្គល', 'khum'),
  ('160402', '1604', 'Srae Angkrorng', 'ស្រែអង្គ្រង', 'khum'),
  ('160403', '1604', 'Ta Ang', 'តាអង', 'khum'),
  ('160404', '1604', 'Teun', 'តឺន', 'khum'),
  ('160405', '1604', 'Trapeang Chres', 'ត្រពាំងច្រេស', 'khum'),
  ('160406', '1604', 'Trapeang Kraham', 'ត្រពាំងក្រហម', 'khum'),
  ('160501', '1605', 'Chey Otdam', 'ជ័យឧត្ដម', 'khum'),
  ('160502', '1605', 'Ka Laeng', 'កាឡែង', 'khum'),
  ('160503', '1605', 'Lbang Muoy', 'ល្បាំង១', 'khum'),
  ('160504', '1605', 'Lbang Pir', 'ល្បាំង២', 'khum'),
  ('160505', '1605', 'Ba Tang', 'បាតាង', 'khum'),
  ('160506', '1605', 'Seda', 'សេដា', 'khum'),
  ('160601', '1606', 'Cha Ung', 'ចាអ៊ុង', 'khum'),
  ('160602', '1606', 'Pouy', 'ប៉ូយ', 'khum'),
  ('160603', '1606', 'Aekakpheap', 'ឯកភាព', 'khum'),
  ('160604', '1606', 'Kalai', 'កាឡៃ', 'khum'),
  ('160605', '1606', 'Ou Chum', 'អូរជុំ', 'khum'),
  ('160606', '1606', 'Sameakki', 'សាមគ្គី', 'khum'),
  ('160607', '1606', 'L''ak', 'ល្អក់', 'khum'),
  ('160701', '1607', 'Bar Kham', 'បរខាំ', 'khum'),
  ('160702', '1607', 'Lum Choar', 'លំជ័រ', 'khum'),
  ('160703', '1607', 'Pak Nhai', 'ប៉ក់ញ៉ៃ', 'khum'),
  ('160704', '1607', 'Pa Te', 'ប៉ាតេ', 'khum'),
  ('160705', '1607', 'Sesan', 'សេសាន', 'khum'),
  ('160706', '1607', 'Saom Thum', 'សោមធំ', 'khum'),
  ('160707', '1607', 'Ya Tung', 'យ៉ាទុង', 'khum'),
  ('160801', '1608', 'Ta Veaeng Leu', 'តាវែងលើ', 'khum'),
  ('160802', '1608', 'Ta Veaeng Kraom', 'តាវែងក្រោម', 'khum'),
  ('160901', '1609', 'Pong', 'ប៉ុង', 'khum'),
  ('160903', '1609', 'Hat Pak', 'ហាត់ប៉ក់', 'khum'),
  ('160904', '1609', 'Ka Choun', 'កាចូន', 'khum'),
  ('160905', '1609', 'Kaoh Pang', 'កោះប៉ង់', 'khum'),
  ('160906', '1609', 'Kaoh Peak', 'កោះពាក្យ', 'khum'),
  ('160907', '1609', 'Kok Lak', 'កុកឡាក់', 'khum'),
  ('160908', '1609', 'Pa Kalan', 'ប៉ាកាឡាន់', 'khum'),
  ('160909', '1609', 'Phnum Kok', 'ភ្នំកុក', 'khum'),
  ('160910', '1609', 'Veun Sai', 'វើនសៃ', 'khum'),
  ('170101', '1701', 'Char Chhuk', 'ចារឈូក', 'khum'),
  ('170102', '1701', 'Doun Peng', 'ដូនពេង', 'khum'),
  ('170103', '1701', 'Kouk Doung', 'គោកដូង', 'khum'),
  ('170104', '1701', 'Koul', 'គោល', 'khum'),
  ('170105', '1701', 'Nokor Pheas', 'នគរភាស', 'khum'),
  ('170106', '1701', 'Srae Khvav', 'ស្រែខ្វាវ', 'khum'),
  ('170107', '1701', 'Ta Saom', 'តាសោម', 'khum'),
  ('170201', '1702', 'Chob Ta Trav', 'ជប់តាត្រាវ', 'khum'),
  ('170202', '1702', 'Leang Dai', 'លាងដៃ', 'khum'),
  ('170203', '1702', 'Peak Snaeng', 'ពាក់ស្នែង', 'khum'),
  ('170204', '1702', 'Svay Chek', 'ស្វាយចេក', 'khum'),
  ('170301', '1703', 'Khnar Sanday', 'ខ្នារសណ្ដាយ', 'khum'),
  ('170302', '1703', 'Khun Ream', 'ឃុនរាម', 'khum'),
  ('170303', '1703', 'Preah Dak', 'ព្រះដាក់', 'khum'),
  ('170304', '1703', 'Rumchek', 'រំចេក', 'khum'),
  ('170306', '1703', 'Tbaeng', 'ត្បែង', 'khum'),
  ('170401', '1704', 'Anlong Samnar', 'អន្លង់សំណរ', 'khum'),
  ('170402', '1704', 'Chi Kraeng', 'ជីក្រែង', 'khum'),
  ('170403', '1704', 'Kampong Kdei', 'កំពង់ក្ដី', 'khum'),
  ('170404', '1704', 'Khvav', 'ខ្វាវ', 'khum'),
  ('170405', '1704', 'Kouk Thlok Kraom', 'គោកធ្លកក្រោម', 'khum'),
  ('170406', '1704', 'Kouk Thlok Leu', 'គោកធ្លកលើ', 'khum'),
  ('170407', '1704', 'Lveaeng Ruessei', 'ល្វែងឫស្សី', 'khum'),
  ('170408', '1704', 'Pongro Kraom', 'ពង្រក្រោម', 'khum'),
  ('170409', '1704', 'Pongro Leu', 'ពង្រលើ', 'khum'),
  ('170410', '1704', 'Ruessei Lok', 'ឫស្សីលក', 'khum'),
  ('170411', '1704', 'Sangvaeuy', 'សង្វើយ', 'khum'),
  ('170412', '1704', 'Spean Tnaot', 'ស្ពានត្នោត', 'khum'),
  ('170601', '1706', 'Chanleas Dai', 'ចន្លាសដៃ', 'khum'),
  ('170602', '1706', 'Kampong Thkov', 'កំពង់ថ្កូវ', 'khum'),
  ('170603', '1706', 'Kralanh', 'ក្រឡាញ់', 'khum'),
  ('170604', '1706', 'Krouch Kor', 'ក្រូចគរ', 'khum'),
  ('170605', '1706', 'Roung Kou', 'រោងគោ', 'khum'),
  ('170606', '1706', 'Sambuor', 'សំបួរ', 'khum'),
  ('170607', '1706', 'Saen Sokh', 'សែនសុខ', 'khum'),
  ('170608', '1706', 'Snuol', 'ស្នួល', 'khum'),
  ('170609', '1706', 'Sranal', 'ស្រណាល', 'khum'),
  ('170610', '1706', 'Ta An', 'តាអាន', 'khum'),
  ('170701', '1707', 'Sasar Sdam', 'សសរស្ដម្ភ', 'khum'),
  ('170702', '1707', 'Doun Kaev', 'ដូនកែវ', 'khum'),
  ('170703', '1707', 'Kdei Run', 'ក្ដីរុន', 'khum'),
  ('170704', '1707', 'Kaev Poar', 'កែវពណ៌', 'khum'),
  ('170705', '1707', 'Khnat', 'ខ្នាត', 'khum'),
  ('170707', '1707', 'Lvea', 'ល្វា', 'khum'),
  ('170708', '1707', 'Mukh Paen', 'មុខប៉ែន', 'khum'),
  ('170709', '1707', 'Pou Treay', 'ពោធិ៍ទ្រាយ', 'khum'),
  ('170710', '1707', 'Puok', 'ពួក', 'khum'),
  ('170711', '1707', 'Prey Chruk', 'ព្រៃជ្រូក', 'khum'),
  ('170712', '1707', 'Reul', 'រើល', 'khum'),
  ('170713', '1707', 'Samraong Yea', 'សំរោងយា', 'khum'),
  ('170715', '1707', 'Trei Nhoar', 'ត្រីញ័រ', 'khum'),
  ('170716', '1707', 'Yeang', 'យាង', 'khum'),
  ('170902', '1709', 'Bakong', 'បាគង', 'khum'),
  ('170904', '1709', 'Kampong Phluk', 'កំពង់ភ្លុក', 'khum'),
  ('170905', '1709', 'Kantreang', 'កន្ទ្រាំង', 'khum'),
  ('170906', '1709', 'Kandaek', 'កណ្ដែក', 'khum'),
  ('170907', '1709', 'Mean Chey', 'មានជ័យ', 'khum'),
  ('170908', '1709', 'Roluos', 'រលួស', 'khum'),
  ('170909', '1709', 'Trapeang Thum', 'ត្រពាំងធំ', 'khum'),
  ('170910', '1709', 'Ampil', 'អំពិល', 'khum'),
  ('171001', '1710', 'Sla Kram', 'ស្លក្រាម', 'sangkat'),
  ('171002', '1710', 'Svay Dankum', 'ស្វាយដង្គំ', 'sangkat'),
  ('171003', '1710', 'Kok Chak', 'គោកចក', 'sangkat'),
  ('171004', '1710', 'Sala Kamreuk', 'សាលាកំរើក', 'sangkat'),
  ('171005', '1710', 'Nokor Thum', 'នគរធំ', 'sangkat'),
  ('171006', '1710', 'Chreav', 'ជ្រាវ', 'sangkat'),
  ('171007', '1710', 'Chong Khnies', 'ចុងឃ្នៀស', 'sangkat'),
  ('171008', '1710', 'Sngkat Sambuor', 'សំបួរ', 'sangkat'),
  ('171009', '1710', 'Siem Reab', 'សៀមរាប', 'sangkat'),
  ('171010', '1710', 'Srangae', 'ស្រង៉ែ', 'sangkat'),
  ('171012', '1710', 'Krabei Riel', 'ក្របីរៀល', 'sangkat'),
  ('171013', '1710', 'Tuek Vil', 'ទឹកវិល', 'sangkat'),
  ('171101', '1711', 'Chan Sa', 'ចាន់ស', 'khum'),
  ('171102', '1711', 'Dam Daek', 'ដំដែក', 'khum'),
  ('171103', '1711', 'Dan Run', 'ដានរុន', 'khum'),
  ('171104', '1711', 'Kampong Khleang', 'កំពង់ឃ្លាំង', 'khum'),
  ('171105', '1711', 'Kien Sangkae', 'កៀនសង្កែ', 'khum'),
  ('171106', '1711', 'Khchas', 'ខ្ចាស់', 'khum'),
  ('171107', '1711', 'Khnar Pou', 'ខ្នារពោធិ៍', 'khum'),
  ('171108', '1711', 'Popel', 'ពពេល', 'khum'),
  ('171109', '1711', 'Samraong', 'សំរោង', 'khum'),
  ('171110', '1711', 'Ta Yaek', 'តាយ៉ែក', 'khum'),
  ('171201', '1712', 'Chrouy Neang Nguon', 'ជ្រោយនាងងួន', 'khum'),
  ('171202', '1712', 'Klang Hay', 'ក្លាំងហាយ', 'khum'),
  ('171203', '1712', 'Tram Sasar', 'ត្រាំសសរ', 'khum'),
  ('171204', '1712', 'Moung', 'មោង', 'khum'),
  ('171205', '1712', 'Prei', 'ប្រីយ៍', 'khum'),
  ('171206', '1712', 'Slaeng Spean', 'ស្លែងស្ពាន', 'khum'),
  ('171301', '1713', 'Boeng Mealea', 'បឹងមាលា', 'khum'),
  ('171302', '1713', 'Kantuot', 'កន្ទួត', 'khum'),
  ('171303', '1713', 'Khnang Phnum', 'ខ្នងភ្នំ', 'khum'),
  ('171304', '1713', 'Svay Leu', 'ស្វាយលើ', 'khum'),
  ('171305', '1713', 'Ta Siem', 'តាសៀម', 'khum'),
  ('171401', '1714', 'Prasat', 'ប្រាសាទ', 'khum'),
  ('171402', '1714', 'Lvea Krang', 'ល្វាក្រាំង', 'khum'),
  ('171403', '1714', 'Srae Nouy', 'ស្រែណូយ', 'khum'),
  ('171404', '1714', 'Svay Sa', 'ស្វាយ ស', 'khum'),
  ('171405', '1714', 'Varin', 'វ៉ារិន', 'khum'),
  ('171501', '1715', 'Run Ta Aek', 'រុនតាឯក', 'sangkat'),
  ('171502', '1715', 'Ballangk', 'បល្ល័ង្ក', 'sangkat'),
  ('180101', '1801', 'lek Muoy', 'លេខ១', 'sangkat'),
  ('180102', '1801', 'Pir', '២', 'sangkat'),
  ('180103', '1801', 'Bei', '៣', 'sangkat'),
  ('180104', '1801', 'Buon', '៤', 'sangkat'),
  ('180201', '1802', 'Andoung Thma', 'អណ្ដូងថ្ម', 'khum'),
  ('180204', '1802', 'Cheung Kou', 'ជើងគោ', 'khum'),
  ('180207', '1802', 'Prey Nob', 'ព្រៃនប់', 'khum'),
  ('180209', '1802', 'Sameakki', 'សាមគ្គី', 'khum'),
  ('180210', '1802', 'Samrong', 'សំរុង', 'khum'),
  ('180211', '1802', 'Tuek L''ak', 'ទឹកល្អក់', 'khum'),
  ('180212', '1802', 'Tuek Thla', 'ទឹកថ្លា', 'khum'),
  ('180213', '1802', 'Tuol Totueng', 'ទួលទទឹង', 'khum'),
  ('180214', '1802', 'Veal Renh', 'វាលរេញ', 'khum'),
  ('180215', '1802', 'Ta Ney', 'តានៃ', 'khum'),
  ('180301', '1803', 'Kampenh', 'កំពេញ', 'khum'),
  ('180302', '1803', 'Ou Treh', 'អូរត្រេះ', 'khum'),
  ('180303', '1803', 'Tumnob Rolok', 'ទំនប់រលក', 'khum'),
  ('180304', '1803', 'Kaev Phos', 'កែវផុស', 'khum'),
  ('180401', '1804', 'Chamkar Luong', 'ចំការហ្លួង', 'khum'),
  ('180402', '1804', 'Kampong Seila', 'កំពង់សីលា', 'khum'),
  ('180403', '1804', 'Ou Bak Roteh', 'អូរបាក់រទេះ', 'khum'),
  ('180404', '1804', 'Stueng Chhay', 'ស្ទឹងឆាយ', 'khum'),
  ('180501', '1805', 'Kaoh Rung', 'កោះរ៉ុង', 'sangkat'),
  ('180502', '1805', 'Koah Rung Sonlem', 'កោះរ៉ុងសន្លឹម', 'sangkat'),
  ('180601', '1806', 'Ream', 'រាម', 'sangkat'),
  ('180602', '1806', 'Bet Trang', 'បិតត្រាង', 'sangkat'),
  ('180603', '1806', 'Ou Oknha Heng', 'អូរឧកញ៉ាហេង', 'sangkat'),
  ('180604', '1806', 'Boeng Ta Prum', 'បឹងតាព្រហ្ម', 'sangkat'),
  ('180605', '1806', 'Ou Chrov', 'អូរជ្រៅ', 'sangkat'),
  ('190101', '1901', 'Kamphun', 'កំភុន', 'khum'),
  ('190102', '1901', 'Kbal Romeas', 'ក្បាលរមាស', 'khum'),
  ('190103', '1901', 'Phluk', 'ភ្លុក', 'khum'),
  ('190104', '1901', 'Samkhuoy', 'សាមឃួយ', 'khum'),
  ('190105', '1901', 'Sdau', 'ស្ដៅ', 'khum'),
  ('190106', '1901', 'Srae Kor', 'ស្រែគរ', 'khum'),
  ('190107', '1901', 'Ta Lat', 'តាឡាត', 'khum'),
  ('190201', '1902', 'Kaoh Preah', 'កោះព្រះ', 'khum'),
  ('190202', '1902', 'Kaoh Sampeay', 'កោះសំពាយ', 'khum'),
  ('190203', '1902', 'Kaoh Sralay', 'កោះស្រឡាយ', 'khum'),
  ('190204', '1902', 'Ou Mreah', 'អូរម្រះ', 'khum'),
  ('190205', '1902', 'Ou Ruessei Kandal', 'អូរឫស្សីកណ្ដាល', 'khum'),
  ('190206', '1902', 'Siem Bouk', 'សៀមបូក', 'khum'),
  ('190207', '1902', 'Srae Krasang', 'ស្រែក្រសាំង', 'khum'),
  ('190301', '1903', 'Preaek Meas', 'ព្រែកមាស', 'khum'),
  ('190302', '1903', 'Sekong', 'សេកុង', 'khum'),
  ('190303', '1903', 'Santepheap', 'សន្ដិភាព', 'khum'),
  ('190304', '1903', 'Srae Sambour', 'ស្រែសំបូរ', 'khum'),
  ('190305', '1903', 'Tma Kaev', 'ថ្មកែវ', 'khum'),
  ('190401', '1904', 'Stueng Traeng', 'ស្ទឹងត្រែង', 'sangkat'),
  ('190402', '1904', 'Srah Ruessei', 'ស្រះឫស្សី', 'sangkat'),
  ('190403', '1904', 'Preah Bat', 'ព្រះបាទ', 'sangkat'),
  ('190404', '1904', 'Sameakki', 'សាមគ្គី', 'sangkat'),
  ('190501', '1905', 'Anlong Phe', 'អន្លង់ភេ', 'khum'),
  ('190502', '1905', 'Chamkar Leu', 'ចំការលើ', 'khum'),
  ('190503', '1905', 'Kang Cham', 'កាំងចាម', 'khum'),
  ('190505', '1905', 'Anlong Chrey', 'អន្លង់ជ្រៃ', 'khum'),
  ('190506', '1905', 'Ou Rai', 'អូររ៉ៃ', 'khum'),
  ('190509', '1905', 'Sam Ang', 'សំអាង', 'khum'),
  ('190510', '1905', 'Srae Ruessei', 'ស្រែឫស្សី', 'khum'),
  ('190511', '1905', 'Thala Barivat', 'ថាឡាបរិវ៉ាត់', 'khum'),
  ('190601', '1906', 'Ou Svay', 'អូរស្វាយ', 'khum'),
  ('190602', '1906', 'Kaoh Snaeng', 'កោះស្នែង', 'khum'),
  ('190603', '1906', 'Preah Rumkel', 'ព្រះរំកិល', 'khum'),
  ('200103', '2001', 'Chantrea', 'ចន្ទ្រា', 'khum'),
  ('200104', '2001', 'Chres', 'ច្រេស', 'khum'),
  ('200105', '2001', 'Me Sar Thngak', 'មេ សរថ្ងក', 'khum'),
  ('200108', '2001', 'Prey Kokir', 'ព្រៃគគីរ', 'khum'),
  ('200109', '2001', 'Samraong', 'សំរោង', 'khum'),
  ('200110', '2001', 'Tuol Sdei', 'ទួលស្ដី', 'khum'),
  ('200201', '2002', 'Banteay Krang', 'បន្ទាយក្រាំង', 'khum'),
  ('200202', '2002', 'Nhor', 'ញរ', 'khum'),
  ('200203', '2002', 'Khsaetr', 'ខ្សែត្រ', 'khum'),
  ('200204', '2002', 'Preah Ponlea', 'ព្រះពន្លា', 'khum'),
  ('200205', '2002', 'Prey Thum', 'ព្រៃធំ', 'khum'),
  ('200206', '2002', 'Reach Montir', 'រាជមន្ទីរ', 'khum'),
  ('200207', '2002', 'Samlei', 'សំឡី', 'khum'),
  ('200208', '2002', 'Samyaong', 'សំយ៉ោង', 'khum'),
  ('200209', '2002', 'Svay Ta Yean', 'ស្វាយតាយាន', 'khum'),
  ('200211', '2002', 'Thmei', 'ថ្មី', 'khum'),
  ('200212', '2002', 'Tnaot', 'ត្នោត', 'khum'),
  ('200301', '2003', 'Bos Mon', 'បុសមន', 'khum'),
  ('200302', '2003', 'Thmea', 'ធ្មា', 'khum'),
  ('200303', '2003', 'Kampong Chak', 'កំពង់ចក', 'khum'),
  ('200304', '2003', 'Chrung Popel', 'ជ្រុងពពេល', 'khum'),
  ('200305', '2003', 'Kampong Ampil', 'កំពង់អំពិល', 'khum'),
  ('200306', '2003', 'Meun Chey', 'ម៉ឺនជ័យ', 'khum'),
  ('200307', '2003', 'Pong Tuek', 'ពងទឹក', 'khum'),
  ('200308', '2003', 'Sangkae', 'សង្កែ', 'khum'),
  ('200309', '2003', 'Svay Chek', 'ស្វាយចេក', 'khum'),
  ('200310', '2003', 'Thna Thnong', 'ថ្នាធ្នង់', 'khum'),
  ('200401', '2004', 'Ampil', 'អំពិល', 'khum'),
  ('200402', '2004', 'Andoung Pou', 'អណ្ដូងពោធិ៍', 'khum'),
  ('200403', '2004', 'Andoung Trabaek', 'អណ្ដូងត្របែក', 'khum'),
  ('200404', '2004', 'Angk Prasrae', 'អង្គប្រស្រែ', 'khum'),
  ('200405', '2004', 'Chantrei', 'ចន្ដ្រី', 'khum'),
  ('200406', '2004', 'Chrey Thum', 'ជ្រៃធំ', 'khum'),
  ('200407', '2004', 'Doung', 'ដូង', 'khum'),
  ('200408', '2004', 'Kampong Trach', 'កំពង់ត្រាច', 'khum'),
  ('200409', '2004', 'Kokir', 'គគីរ', 'khum'),
  ('200410', '2004', 'Krasang', 'ក្រសាំង', 'khum'),
  ('200411', '2004', 'Mukh Da', 'មុខដា', 'khum'),
  ('200412', '2004', 'Mream', 'ម្រាម', 'khum'),
  ('200413', '2004', 'Sambuor', 'សំបួរ', 'khum'),
  ('200414', '2004', 'Sambatt Mean Chey', 'សម្បត្ដិមានជ័យ', 'khum'),
  ('200415', '2004', 'Trapeang Sdau', 'ត្រពាំងស្ដៅ', 'khum'),
  ('200416', '2004', 'Tras', 'ត្រស់', 'khum'),
  ('200501', '2005', 'Angk Ta Sou', 'អង្គតាសូ', 'khum'),
  ('200502', '2005', 'Basak', 'បាសាក់', 'khum'),
  ('200503', '2005', 'Chambak', 'ចំបក់', 'khum'),
  ('200504', '2005', 'Kampong Chamlang', 'កំពង់ចំឡង', 'khum'),
  ('200505', '2005', 'Ta Suos', 'តាសួស', 'khum'),
  ('200507', '2005', 'Chheu Teal', 'ឈើទាល', 'khum'),
  ('200508', '2005', 'Doun Sa', 'ដូនស', 'khum'),
  ('200509', '2005', 'Kouk Pring', 'គោកព្រីង', 'khum'),
  ('200510', '2005', 'Kraol Kou', 'ក្រោលគោ', 'khum'),
  ('200511', '2005', 'Kruos', 'គ្រួស', 'khum'),
  ('200512', '2005', 'Pouthi Reach', 'ពោធិរាជ', 'khum'),
  ('200513', '2005', 'Svay Angk', 'ស្វាយអង្គ', 'khum'),
  ('200514', '2005', 'Svay Chrum', 'ស្វាយជ្រំ', 'khum'),
  ('200515', '2005', 'Svay Thum', 'ស្វាយធំ', 'khum'),
  ('200516', '2005', 'Svay Yea', 'ស្វាយយា', 'khum'),
  ('200517', '2005', 'Thlok', 'ធ្លក', 'khum'),
  ('200601', '2006', 'Svay Rieng', 'ស្វាយរៀង', 'sangkat'),
  ('200602', '2006', 'Prey Chhlak', 'ព្រៃឆ្លាក់', 'sangkat'),
  ('200603', '2006', 'Koy Trabaek', 'គយត្របែក', 'sangkat'),
  ('200604', '2006', 'Pou Ta Hao', 'ពោធិ៍តាហោ', 'sangkat'),
  ('200605', '2006', 'Chek', 'ចេក', 'sangkat'),
  ('200606', '2006', 'Svay Toea', 'ស្វាយតឿ', 'sangkat'),
  ('200607', '2006', 'Sangkhoar', 'សង្ឃរ័', 'sangkat'),
  ('200702', '2007', 'Koki Saom', 'គគីសោម', 'khum'),
  ('200703', '2007', 'Kandieng Reay', 'កណ្ដៀងរាយ', 'khum'),
  ('200704', '2007', 'Monourom', 'មនោរម្យ', 'khum'),
  ('200705', '2007', 'Popeaet', 'ពពែត', 'khum'),
  ('200706', '2007', 'Prey Ta Ei', 'ព្រៃតាអី', 'khum'),
  ('200707', '2007', 'Prasoutr', 'ប្រសូត្រ', 'khum'),
  ('200708', '2007', 'Romeang Thkaol', 'រមាំងថ្កោល', 'khum'),
  ('200709', '2007', 'Sambuor', 'សំបួរ', 'khum'),
  ('200711', '2007', 'Svay Rumpear', 'ស្វាយរំពារ', 'khum'),
  ('200801', '2008', 'Bati', 'បាទី', 'sangkat'),
  ('200802', '2008', 'Bavet', 'បាវិត', 'sangkat'),
  ('200803', '2008', 'Chrak Mtes', 'ច្រកម្ទេស', 'sangkat'),
  ('200804', '2008', 'Prasat', 'ប្រាសាទ', 'sangkat'),
  ('200805', '2008', 'Prey Angkunh', 'ព្រៃអង្គុញ', 'sangkat'),
  ('210101', '2101', 'Angkor Borei', 'អង្គរបូរី', 'khum'),
  ('210102', '2101', 'Ba Srae', 'បាស្រែ', 'khum'),
  ('210103', '2101', 'Kouk Thlok', 'គោកធ្លក', 'khum'),
  ('210104', '2101', 'Ponley', 'ពន្លៃ', 'khum'),
  ('210105', '2101', 'Preaek Phtoul', 'ព្រែកផ្ទោល', 'khum'),
  ('210106', '2101', 'Prey Phkoam', 'ព្រៃផ្គាំ', 'khum'),
  ('210201', '2102', 'Chambak', 'ចំបក់', 'khum'),
  ('210202', '2102', 'Champei', 'ចំប៉ី', 'khum'),
  ('210203', '2102', 'Doung', 'ដូង', 'khum'),
  ('210204', '2102', 'Kandoeng', 'កណ្ដឹង', 'khum'),
  ('210205', '2102', 'Komar Reachea', 'កុមាររាជា', 'khum'),
  ('210206', '2102', 'Krang Leav', 'ក្រាំងលាវ', 'khum'),
  ('210207', '2102', 'Krang Thnong', 'ក្រាំងធ្នង់', 'khum'),
  ('210208', '2102', 'Lumpong', 'លំពង់', 'khum'),
  ('210209', '2102', 'Pea Ream', 'ពារាម', 'khum'),
  ('210210', '2102', 'Pot Sar', 'ពត់សរ', 'khum'),
  ('210211', '2102', 'Sour Phi', 'សូរភី', 'khum'),
  ('210212', '2102', 'Tang Doung', 'តាំងដូង', 'khum'),
  ('210213', '2102', 'Tnaot', 'ត្នោត', 'khum'),
  ('210214', '2102', 'Trapeang Krasang', 'ត្រពាំងក្រសាំង', 'khum'),
  ('210215', '2102', 'Trapeang Sab', 'ត្រពាំងសាប', 'khum'),
  ('210301', '2103', 'Borei Cholsar', 'បូរីជលសារ', 'khum'),
  ('210302', '2103', 'Chey Chouk', 'ជ័យជោគ', 'khum'),
  ('210303', '2103', 'Doung Khpos', 'ដូងខ្ពស់', 'khum'),
  ('210304', '2103', 'Kampong Krasang', 'កំពង់ក្រសាំង', 'khum'),
  ('210305', '2103', 'Kouk Pou', 'គោកពោធិ៍', 'khum'),
  ('210401', '2104', 'Angk Prasat', 'អង្គប្រាសាទ', 'khum'),
  ('210402', '2104', 'Preah Bat Choan Chum', 'ព្រះបាទជាន់ជុំ', 'khum'),
  ('210403', '2104', 'Kamnab', 'កំណប់', 'khum'),
  ('210404', '2104', 'Kampeaeng', 'កំពែង', 'khum'),
  ('210405', '2104', 'Kiri Chong Kaoh', 'គីរីចុងកោះ', 'khum'),
  ('210406', '2104', 'Kouk Prech', 'គោកព្រេច', 'khum'),
  ('210407', '2104', 'Phnum Den', 'ភ្នំដិន', 'khum'),
  ('210408', '2104', 'Prey Ampok', 'ព្រៃអំពក', 'khum'),
  ('210409', '2104', 'Prey Rumdeng', 'ព្រៃរំដេង', 'khum'),
  ('210410', '2104', 'Ream Andaeuk', 'រាមអណ្ដើក', 'khum'),
  ('210411', '2104', 'Saom', 'សោម', 'khum'),
  ('210412', '2104', 'Ta Ou', 'តាអូរ', 'khum'),
  ('210501', '2105', 'Krapum Chhuk', 'ក្រពុំឈូក', 'khum'),
  ('210502', '2105', 'Pech Sar', 'ពេជសារ', 'khum'),
  ('210503', '2105', 'Prey Khla', 'ព្រៃខ្លា', 'khum'),
  ('210504', '2105', 'Prey Yuthka', 'ព្រៃយុថ្កា', 'khum'),
  ('210505', '2105', 'Romenh', 'រមេញ', 'khum'),
  ('210506', '2105', 'Thlea Prachum', 'ធ្លាប្រជុំ', 'khum'),
  ('210601', '2106', 'Angkanh', 'អង្កាញ់', 'khum'),
  ('210602', '2106', 'Ban Kam', 'បានកាម', 'khum'),
  ('210603', '2106', 'Champa', 'ចំប៉ា', 'khum'),
  ('210604', '2106', 'Char', 'ចារ', 'khum'),
  ('210605', '2106', 'Kampeaeng', 'កំពែង', 'khum'),
  ('210606', '2106', 'Kampong Reab', 'កំពង់រាប', 'khum'),
  ('210607', '2106', 'Kdanh', 'ក្ដាញ់', 'khum'),
  ('210608', '2106', 'Pou Rumchak', 'ពោធិ៍រំចាក', 'khum'),
  ('210609', '2106', 'Prey Kabbas', 'ព្រៃកប្បាស', 'khum'),
  ('210610', '2106', 'Prey Lvea', 'ព្រៃល្វា', 'khum'),
  ('210611', '2106', 'Prey Phdau', 'ព្រៃផ្ដៅ', 'khum'),
  ('210612', '2106', 'Snao', 'ស្នោ', 'khum'),
  ('210613', '2106', 'Tang Yab', 'តាំងយ៉ាប', 'khum'),
  ('210701', '2107', 'Boeng Tranh Khang Cheung', 'បឹងត្រាញ់ខាងជើង', 'khum'),
  ('210702', '2107', 'Boeng Tranh Khang Tboung', 'បឹងត្រាញ់ខាងត្បូង', 'khum'),
  ('210703', '2107', 'Cheung Kuon', 'ជើងគួន', 'khum'),
  ('210704', '2107', 'Chumreah Pen', 'ជំរះពេន', 'khum'),
  ('210705', '2107', 'Khvav', 'ខ្វាវ', 'khum'),
  ('210706', '2107', 'Lumchang', 'លំចង់', 'khum'),
  ('210707', '2107', 'Rovieng', 'រវៀង', 'khum'),
  ('210708', '2107', 'Samraong', 'សំរោង', 'khum'),
  ('210709', '2107', 'Soengh', 'សឹង្ហ', 'khum'),
  ('210710', '2107', 'Sla', 'ស្លា', 'khum'),
  ('210711', '2107', 'Trea', 'ទ្រា', 'khum'),
  ('210801', '2108', 'Baray', 'បារាយណ៍', 'sangkat'),
  ('210802', '2108', 'Roka Knong', 'រកាក្នុង', 'sangkat'),
  ('210803', '2108', 'Roka Krau', 'រកាក្រៅ', 'sangkat'),
  ('210901', '2109', 'Angk Ta Saom', 'អង្គតាសោម', 'khum'),
  ('210902', '2109', 'Cheang Tong', 'ជាងទង', 'khum'),
  ('210903', '2109', 'Kus', 'គុស', 'khum'),
  ('210904', '2109', 'Leay Bour', 'លាយបូរ', 'khum'),
  ('210905', '2109', 'Nhaeng Nhang', 'ញ៉ែងញ៉ង', 'khum'),
  ('210906', '2109', 'Ou Saray', 'អូរសារាយ', 'khum'),
  ('210907', '2109', 'Trapeang Kranhoung', 'ត្រពាំងក្រញូង', 'khum'),
  ('210908', '2109', 'Otdam Soriya', 'ឧត្ដមសុរិយា', 'khum'),
  ('210909', '2109', 'Popel', 'ពពេល', 'khum'),
  ('210910', '2109', 'Samraong', 'សំរោង', 'khum'),
  ('210911', '2109', 'Srae Ronoung', 'ស្រែរនោង', 'khum'),
  ('210912', '2109', 'Ta Phem', 'តាភេម', 'khum'),
  ('210913', '2109', 'Tram Kak', 'ត្រាំកក់', 'khum'),
  ('210914', '2109', 'Trapeang Thum Khang Cheung', 'ត្រពាំងធំខាងជើង', 'khum'),
  ('210915', '2109', 'Trapeang Thum Khang Tboung', 'ត្រពាំងធំខាងត្បូង', 'khum'),
  ('211001', '2110', 'Angkanh', 'អង្កាញ់', 'khum'),
  ('211002', '2110', 'Angk Khnor', 'អង្គខ្នុរ', 'khum'),
  ('211003', '2110', 'Chi Khma', 'ជីខ្មា', 'khum'),
  ('211004', '2110', 'Khvav', 'ខ្វាវ', 'khum'),
  ('211005', '2110', 'Prambei Mum', 'ប្រាំបីមុំ', 'khum'),
  ('211006', '2110', 'Angk Kaev', 'អង្គកែវ', 'khum'),
  ('211007', '2110', 'Prey Sloek', 'ព្រៃស្លឹក', 'khum'),
  ('211008', '2110', 'Roneam', 'រនាម', 'khum'),
  ('211009', '2110', 'Sambuor', 'សំបួរ', 'khum'),
  ('211010', '2110', 'Sanlung', 'សន្លុង', 'khum'),
  ('211011', '2110', 'Smaong', 'ស្មោង', 'khum'),
  ('211012', '2110', 'Srangae', 'ស្រង៉ែ', 'khum'),
  ('211013', '2110', 'Thlok', 'ធ្លក', 'khum'),
  ('211014', '2110', 'Tralach', 'ត្រឡាច', 'khum'),
  ('220101', '2201', 'Anlong Veaeng', 'អន្លង់វែង', 'khum'),
  ('220103', '2201', 'Trapeang Tav', 'ត្រពាំងតាវ', 'khum'),
  ('220104', '2201', 'Trapeang Prei', 'ត្រពាំងប្រីយ៍', 'khum'),
  ('220105', '2201', 'Thlat', 'ថ្លាត', 'khum'),
  ('220106', '2201', 'Lumtong', 'លំទង', 'khum'),
  ('220201', '2202', 'Ampil', 'អំពិល', 'khum'),
  ('220202', '2202', 'Beng', 'បេង', 'khum'),
  ('220203', '2202', 'Kouk Khpos', 'គោកខ្ពស់', 'khum'),
  ('220204', '2202', 'Kouk Mon', 'គោកមន', 'khum'),
  ('220301', '2203', 'Cheung Tien', 'ជើងទៀន', 'khum'),
  ('220302', '2203', 'Chong Kal', 'ចុងកាល់', 'khum'),
  ('220303', '2203', 'Krasang', 'ក្រសាំង', 'khum'),
  ('220304', '2203', 'Pongro', 'ពង្រ', 'khum'),
  ('220401', '2204', 'Bansay Reak', 'បន្សាយរាក់', 'sangkat'),
  ('220402', '2204', 'Bos Sbov', 'បុស្បូវ', 'sangkat'),
  ('220403', '2204', 'Koun Kriel', 'កូនក្រៀល', 'sangkat'),
  ('220404', '2204', 'Samraong', 'សំរោង', 'sangkat'),
  ('220405', '2204', 'Ou Smach', 'អូរស្មាច់', 'sangkat'),
  ('220501', '2205', 'Bak Anloung', 'បាក់អន្លូង', 'khum'),
  ('220502', '2205', 'Ph''av', 'ផ្អាវ', 'khum'),
  ('220503', '2205', 'Ou Svay', 'អូរស្វាយ', 'khum'),
  ('220504', '2205', 'Preah Pralay', 'ព្រះប្រឡាយ', 'khum'),
  ('220505', '2205', 'Tumnob Dach', 'ទំនប់ដាច់', 'khum'),
  ('220506', '2205', 'Trapeang Prasat', 'ត្រពាំងប្រាសាទ', 'khum'),
  ('230101', '2301', 'Angkaol', 'អង្កោល', 'khum'),
  ('230103', '2301', 'Pong Tuek', 'ពងទឹក', 'khum'),
  ('230201', '2302', 'Kaeb', 'កែប', 'sangkat'),
  ('230202', '2302', 'Prey Thum', 'ព្រៃធំ', 'sangkat'),
  ('230203', '2302', 'Ou Krasar', 'អូរក្រសារ', 'sangkat'),
  ('240101', '2401', 'Pailin', 'ប៉ៃលិន', 'sangkat'),
  ('240102', '2401', 'Ou Ta Vau', 'អូរតាវ៉ៅ', 'sangkat'),
  ('240103', '2401', 'Tuol Lvea', 'ទួលល្វា', 'sangkat'),
  ('240104', '2401', 'Bar Yakha', 'បរយ៉ាខា', 'sangkat'),
  ('240201', '2402', 'Sala Krau', 'សាលាក្រៅ', 'khum'),
  ('240202', '2402', 'Stueng Trang', 'ស្ទឹងត្រង់', 'khum'),
  ('240203', '2402', 'Stueng Kach', 'ស្ទឹងកាច់', 'khum'),
  ('240204', '2402', 'Ou Andoung', 'អូរអណ្ដូង', 'khum'),
  ('250101', '2501', 'Chong Cheach', 'ចុងជាច', 'khum'),
  ('250102', '2501', 'Dambae', 'តំបែរ', 'khum'),
  ('250103', '2501', 'Kouk Srok', 'គោកស្រុក', 'khum'),
  ('250104', '2501', 'Neang Teut', 'នាងទើត', 'khum'),
  ('250105', '2501', 'Seda', 'សេដា', 'khum'),
  ('250106', '2501', 'Trapeang Pring', 'ត្រពាំងព្រីង', 'khum'),
  ('250107', '2501', 'Tuek Chrov', 'ទឹកជ្រៅ', 'khum'),
  ('250201', '2502', 'Chhuk', 'ឈូក', 'khum'),
  ('250202', '2502', 'Chumnik', 'ជំនីក', 'khum'),
  ('250203', '2502', 'Kampong Treas', 'កំពង់ទ្រាស', 'khum'),
  ('250204', '2502', 'Kaoh Pir', 'កោះពីរ', 'khum'),
  ('250205', '2502', 'Krouch Chhmar', 'ក្រូចឆ្មារ', 'khum'),
  ('250206', '2502', 'Peus Muoy', 'ប៉ឺស១', 'khum'),
  ('250207', '2502', 'Peus Pir', 'ប៉ើស២', 'khum'),
  ('250208', '2502', 'Preaek A chi', 'ព្រែកអាជី', 'khum'),
  ('250209', '2502', 'Roka Khnor', 'រការខ្នុរ', 'khum'),
  ('250210', '2502', 'Svay Khleang', 'ស្វាយឃ្លាំង', 'khum'),
  ('250211', '2502', 'Trea', 'ទ្រា', 'khum'),
  ('250212', '2502', 'Tuol Snuol', 'ទួលស្នួល', 'khum'),
  ('250301', '2503', 'Chan Mul', 'ចាន់មូល', 'khum'),
  ('250302', '2503', 'Choam', 'ជាំ', 'khum'),
  ('250303', '2503', 'Choam Kravien', 'ជាំក្រវៀន', 'khum'),
  ('250304', '2503', 'Choam Ta Mau', 'ជាំតាម៉ៅ', 'khum'),
  ('250305', '2503', 'Dar', 'ដារ', 'khum'),
  ('250306', '2503', 'Kampoan', 'កំពាន់', 'khum'),
  ('250307', '2503', 'Kokir', 'គគីរ', 'khum'),
  ('250308', '2503', 'Memong', 'មេមង', 'khum'),
  ('250309', '2503', 'Memot', 'មេមត់', 'khum'),
  ('250310', '2503', 'Rumchek', 'រំចេក', 'khum'),
  ('250311', '2503', 'Rung', 'រូង', 'khum'),
  ('250312', '2503', 'Tonlung', 'ទន្លូង', 'khum'),
  ('250313', '2503', 'Tramung', 'ត្រមូង', 'khum'),
  ('250314', '2503', 'Triek', 'ទ្រៀក', 'khum'),
  ('250401', '2504', 'Ampil Ta Pok', 'អំពិលតាពក', 'khum'),
  ('250402', '2504', 'Chak', 'ចក', 'khum'),
  ('250403', '2504', 'Damril', 'ដំរិល', 'khum'),
  ('250404', '2504', 'Kong Chey', 'គងជ័យ', 'khum'),
  ('250405', '2504', 'Mien', 'មៀន', 'khum'),
  ('250406', '2504', 'Preah Theat', 'ព្រះធាតុ', 'khum'),
  ('250407', '2504', 'Tuol Souphi', 'ទួលសូភី', 'khum'),
  ('250501', '2505', 'Dountei', 'ដូនតី', 'khum'),
  ('250502', '2505', 'Kak', 'កក់', 'khum'),
  ('250503', '2505', 'Kandaol Chrum', 'កណ្ដោលជ្រុំ', 'khum'),
  ('250504', '2505', 'Kaong Kang', 'កោងកាង', 'khum'),
  ('250505', '2505', 'Kraek', 'ក្រែក', 'khum'),
  ('250506', '2505', 'Popel', 'ពពេល', 'khum'),
  ('250507', '2505', 'Trapeang Phlong', 'ត្រពាំងផ្លុង', 'khum'),
  ('250508', '2505', 'Veal Mlu', 'វាលម្លូរ', 'khum'),
  ('250601', '2506', 'Suong', 'សួង', 'sangkat'),
  ('250602', '2506', 'Vihear Luong', 'វិហារលួង', 'sangkat'),
  ('250701', '2507', 'Anhchaeum', 'អញ្ចើម', 'khum'),
  ('250702', '2507', 'Boeng Pruol', 'បឹងព្រួល', 'khum'),
  ('250703', '2507', 'Chikor', 'ជីគរ', 'khum'),
  ('250704', '2507', 'Chirou Ti Muoy', 'ជីរោទ៍ ទី១', 'khum'),
  ('250705', '2507', 'Chirou Ti Pir', 'ជីរោទ៍ ទី២', 'khum'),
  ('250706', '2507', 'Chob', 'ជប់', 'khum'),
  ('250707', '2507', 'Kor', 'គរ', 'khum'),
  ('250708', '2507', 'Lngieng', 'ល្ងៀង', 'khum'),
  ('250709', '2507', 'Mong Riev', 'មង់រៀវ', 'khum'),
  ('250710', '2507', 'Peam Chileang', 'ពាមជីលាំង', 'khum'),
  ('250711', '2507', 'Roka Po Pram', 'រកាពប្រាំ', 'khum'),
  ('250712', '2507', 'Sralab', 'ស្រឡប់', 'khum'),
  ('250713', '2507', 'Thma Pech', 'ថ្មពេជ្រ', 'khum'),
  ('250714', '2507', 'Tonle Bet', 'ទន្លេបិទ', 'khum');

-- Phnom Penh's fees move from (district, commune) names to the commune's code. The zones were
-- named in the municipality's earlier spellings; each maps to one gazetteer sangkat.
create temporary table old_zone_codes (district text, commune text, code text);
insert into old_zone_codes (district, commune, code) values
  ('Doun Penh', 'Chey Chumneah', '120208'),
  ('Chbar Ampov', 'Chbar Ampov Muoy', '121201'),
  ('Doun Penh', 'Phsar Thmei Muoy', '120201'),
  ('Doun Penh', 'Phsar Thmei Pir', '120202'),
  ('Doun Penh', 'Phsar Thmei Bei', '120203'),
  ('Doun Penh', 'Boeng Reang', '120204'),
  ('Doun Penh', 'Phsar Kandal Muoy', '120205'),
  ('Doun Penh', 'Phsar Kandal Pir', '120206'),
  ('Doun Penh', 'Chakto Mukh', '120207'),
  ('Doun Penh', 'Phsar Chas', '120209'),
  ('Doun Penh', 'Srah Chak', '120210'),
  ('Doun Penh', 'Voat Phnum', '120211'),
  ('Prampir Meakkakra', 'Ou Ruessei Muoy', '120301'),
  ('Prampir Meakkakra', 'Ou Ruessei Pir', '120302'),
  ('Prampir Meakkakra', 'Ou Ruessei Bei', '120303'),
  ('Prampir Meakkakra', 'Ou Ruessei Buon', '120304'),
  ('Prampir Meakkakra', 'Monourom', '120305'),
  ('Prampir Meakkakra', 'Mittapheap', '120306'),
  ('Prampir Meakkakra', 'Veal Vong', '120307'),
  ('Prampir Meakkakra', 'Boeng Proluet', '120308'),
  ('Chamkar Mon', 'Tonle Basak', '120101'),
  ('Chamkar Mon', 'Boeng Trabaek', '120111'),
  ('Chamkar Mon', 'Phsar Daeum Thkov', '120112'),
  ('Chamkar Mon', 'Tuol Tumpung Muoy', '120110'),
  ('Chamkar Mon', 'Tuol Tumpung Pir', '120109'),
  ('Boeng Keng Kang', 'Boeng Keng Kang Muoy', '121301'),
  ('Boeng Keng Kang', 'Boeng Keng Kang Pir', '121302'),
  ('Boeng Keng Kang', 'Boeng Keng Kang Bei', '121303'),
  ('Boeng Keng Kang', 'Olympic', '121304'),
  ('Boeng Keng Kang', 'Tuol Svay Prey Muoy', '121306'),
  ('Boeng Keng Kang', 'Tuol Svay Prey Pir', '121307'),
  ('Boeng Keng Kang', 'Tumnob Tuek', '121305'),
  ('Tuol Kouk', 'Phsar Depou Muoy', '120401'),
  ('Tuol Kouk', 'Phsar Depou Pir', '120402'),
  ('Tuol Kouk', 'Phsar Depou Bei', '120403'),
  ('Tuol Kouk', 'Tuek L''ak Muoy', '120404'),
  ('Tuol Kouk', 'Tuek L''ak Pir', '120405'),
  ('Tuol Kouk', 'Tuek L''ak Bei', '120406'),
  ('Tuol Kouk', 'Boeng Kak Muoy', '120407'),
  ('Tuol Kouk', 'Boeng Kak Pir', '120408'),
  ('Tuol Kouk', 'Phsar Daeum Kor', '120409'),
  ('Tuol Kouk', 'Boeng Salang', '120410'),
  ('Mean Chey', 'Stueng Mean Chey Muoy', '120608'),
  ('Mean Chey', 'Stueng Mean Chey Pir', '120609'),
  ('Mean Chey', 'Stueng Mean Chey Bei', '120610'),
  ('Mean Chey', 'Boeng Tumpun Muoy', '120611'),
  ('Mean Chey', 'Boeng Tumpun Pir', '120612'),
  ('Mean Chey', 'Chak Angrae Leu', '120606'),
  ('Mean Chey', 'Chak Angrae Kraom', '120607'),
  ('Chbar Ampov', 'Chbar Ampov Pir', '121202'),
  ('Chbar Ampov', 'Nirouth', '121203'),
  ('Chbar Ampov', 'Preaek Pra', '121204'),
  ('Chbar Ampov', 'Veal Sbov', '121205'),
  ('Chbar Ampov', 'Preaek Aeng', '121206'),
  ('Chbar Ampov', 'Kbal Kaoh', '121207'),
  ('Chbar Ampov', 'Preaek Thmei', '121208'),
  ('Chroy Changvar', 'Chrouy Changvar', '121001'),
  ('Chroy Changvar', 'Preaek Lieb', '121002'),
  ('Chroy Changvar', 'Preaek Ta Sek', '121003'),
  ('Chroy Changvar', 'Kaoh Dach', '121004'),
  ('Chroy Changvar', 'Bak Kaeng', '121005'),
  ('Russey Keo', 'Tuol Sangkae Muoy', '120713'),
  ('Russey Keo', 'Tuol Sangkae Pir', '120714'),
  ('Russey Keo', 'Svay Pak', '120703'),
  ('Russey Keo', 'Kilomaetr Lekh Prammuoy', '120704'),
  ('Russey Keo', 'Ruessei Kaev', '120706'),
  ('Russey Keo', 'Chrang Chamreh Muoy', '120711'),
  ('Russey Keo', 'Chrang Chamreh Pir', '120712'),
  ('Saensokh', 'Phnom Penh Thmei', '120801'),
  ('Saensokh', 'Tuek Thla', '120802'),
  ('Saensokh', 'Khmuonh', '120803'),
  ('Saensokh', 'Krang Thnong', '120807'),
  ('Saensokh', 'Ou Baek K''am', '120808'),
  ('Saensokh', 'Kouk Khleang', '120809'),
  ('Pou Senchey', 'Trapeang Krasang', '120901'),
  ('Pou Senchey', 'Samraong Kraom', '120906'),
  ('Pou Senchey', 'Chaom Chau Muoy', '120914'),
  ('Pou Senchey', 'Chaom Chau Pir', '120915'),
  ('Pou Senchey', 'Chaom Chau Bei', '120916'),
  ('Pou Senchey', 'Kakab Muoy', '120917'),
  ('Pou Senchey', 'Kakab Pir', '120918'),
  ('Dangkao', 'Dangkao', '120501'),
  ('Dangkao', 'Pong Tuek', '120507'),
  ('Dangkao', 'Prey Veaeng', '120508'),
  ('Dangkao', 'Prey Sa', '120510'),
  ('Dangkao', 'Krang Pongro', '120512'),
  ('Dangkao', 'Sak Sampov', '120514'),
  ('Dangkao', 'Cheung Aek', '120515'),
  ('Dangkao', 'Kong Noy', '120516'),
  ('Dangkao', 'Preaek Kampues', '120517'),
  ('Dangkao', 'Roluos', '120518'),
  ('Dangkao', 'Spean Thma', '120519'),
  ('Dangkao', 'Tien', '120520'),
  ('Kamboul', 'Kamboul', '121401'),
  ('Kamboul', 'Kantaok', '121402'),
  ('Kamboul', 'Ovlaok', '121403'),
  ('Kamboul', 'Snaor', '121404'),
  ('Kamboul', 'Phleung Chheh Roteh', '121405'),
  ('Kamboul', 'Boeng Thum', '121406'),
  ('Kamboul', 'Prateah Lang', '121407'),
  ('Prek Pnov', 'Preaek Phnov', '121101'),
  ('Prek Pnov', 'Ponhea Pon', '121102'),
  ('Prek Pnov', 'Samraong', '121103'),
  ('Prek Pnov', 'Kouk Roka', '121104'),
  ('Prek Pnov', 'Ponsang', '121105');

alter table "public"."delivery_zones" add column "commune_code" text;
update public.delivery_zones z set commune_code = m.code
from old_zone_codes m where m.district = z.district and m.commune = z.commune;
alter table "public"."delivery_zones" drop constraint "delivery_zones_commune_check";
alter table "public"."delivery_zones" drop constraint "delivery_zones_commune_in_district";
alter table "public"."delivery_zones" drop constraint "delivery_zones_district_check";
alter table "public"."delivery_zones" drop constraint "delivery_zones_pkey";
drop index if exists "public"."delivery_zones_commune_idx";
alter table "public"."delivery_zones" drop column "commune";
alter table "public"."delivery_zones" drop column "district";
alter table "public"."delivery_zones" drop column "id";
alter table "public"."delivery_zones" alter column "commune_code" set not null;
alter table "public"."delivery_zones" add constraint "delivery_zones_pkey" primary key (commune_code);

-- Every order so far went to one of those zones: it keeps the names it was placed with and gains
-- the commune's code.
update public.orders o set delivery_commune_code = m.code
from old_zone_codes m where m.district = o.delivery_district and m.commune = o.delivery_commune;
alter table "public"."orders" alter column "delivery_commune_code" set not null;
drop table old_zone_codes;

-- The fees and estimates of the provinces (supabase/schemas/04_zones_prices.sql).
update public.provinces
set delivery_fee_cents = case when code = '12' then null
                              when code = '08' then 200
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 300
                              else 250 end,
    delivery_hours_min = case when code = '12' then 2 when code = '08' then 12
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 48 else 24 end,
    delivery_hours_max = case when code = '12' then 24 when code = '08' then 48
                              when code in ('09', '11', '13', '16', '19', '22', '24') then 96 else 72 end;



alter table "private"."order_contacts" add constraint "order_contacts_address_line_check" CHECK (((length(address_line) >= 1) AND (length(address_line) <= 200))) not valid;

alter table "private"."order_contacts" validate constraint "order_contacts_address_line_check";

alter table "private"."order_contacts" add constraint "order_contacts_delivery_note_check" CHECK (((length(delivery_note) >= 1) AND (length(delivery_note) <= 500))) not valid;

alter table "private"."order_contacts" validate constraint "order_contacts_delivery_note_check";

alter table "private"."order_contacts" add constraint "order_contacts_landmark_check" CHECK (((length(landmark) >= 1) AND (length(landmark) <= 200))) not valid;

alter table "private"."order_contacts" validate constraint "order_contacts_landmark_check";

alter table "private"."order_contacts" add constraint "order_contacts_recipient_name_check" CHECK (((length(recipient_name) >= 1) AND (length(recipient_name) <= 100))) not valid;

alter table "private"."order_contacts" validate constraint "order_contacts_recipient_name_check";

alter table "public"."communes" add constraint "communes_code_format" CHECK ((code ~ '^[0-9]{6}$'::text)) not valid;

alter table "public"."communes" validate constraint "communes_code_format";

alter table "public"."communes" add constraint "communes_code_in_district" CHECK (("left"(code, 4) = district_code)) not valid;

alter table "public"."communes" validate constraint "communes_code_in_district";

alter table "public"."communes" add constraint "communes_district_code_fkey" FOREIGN KEY (district_code) REFERENCES districts(code) not valid;

alter table "public"."communes" validate constraint "communes_district_code_fkey";

alter table "public"."communes" add constraint "communes_kind_check" CHECK ((kind = ANY (ARRAY['sangkat'::place_kind, 'khum'::place_kind]))) not valid;

alter table "public"."communes" validate constraint "communes_kind_check";

alter table "public"."communes" add constraint "communes_name_en_check" CHECK (((length(name_en) >= 1) AND (length(name_en) <= 100))) not valid;

alter table "public"."communes" validate constraint "communes_name_en_check";

alter table "public"."communes" add constraint "communes_name_km_check" CHECK (((length(name_km) >= 1) AND (length(name_km) <= 100))) not valid;

alter table "public"."communes" validate constraint "communes_name_km_check";

alter table "public"."delivery_zones" add constraint "delivery_zones_commune_code_fkey" FOREIGN KEY (commune_code) REFERENCES communes(code) not valid;

alter table "public"."delivery_zones" validate constraint "delivery_zones_commune_code_fkey";

alter table "public"."districts" add constraint "districts_code_format" CHECK ((code ~ '^[0-9]{4}$'::text)) not valid;

alter table "public"."districts" validate constraint "districts_code_format";

alter table "public"."districts" add constraint "districts_code_in_province" CHECK (("left"(code, 2) = province_code)) not valid;

alter table "public"."districts" validate constraint "districts_code_in_province";

alter table "public"."districts" add constraint "districts_kind_check" CHECK ((kind = ANY (ARRAY['khan'::place_kind, 'srok'::place_kind, 'krong'::place_kind]))) not valid;

alter table "public"."districts" validate constraint "districts_kind_check";

alter table "public"."districts" add constraint "districts_name_en_check" CHECK (((length(name_en) >= 1) AND (length(name_en) <= 100))) not valid;

alter table "public"."districts" validate constraint "districts_name_en_check";

alter table "public"."districts" add constraint "districts_name_km_check" CHECK (((length(name_km) >= 1) AND (length(name_km) <= 100))) not valid;

alter table "public"."districts" validate constraint "districts_name_km_check";

alter table "public"."districts" add constraint "districts_province_code_fkey" FOREIGN KEY (province_code) REFERENCES provinces(code) not valid;

alter table "public"."districts" validate constraint "districts_province_code_fkey";

alter table "public"."orders" add constraint "orders_delivery_commune_code_fkey" FOREIGN KEY (delivery_commune_code) REFERENCES communes(code) not valid;

alter table "public"."orders" validate constraint "orders_delivery_commune_code_fkey";

alter table "public"."provinces" add constraint "provinces_code_format" CHECK ((code ~ '^[0-9]{2}$'::text)) not valid;

alter table "public"."provinces" validate constraint "provinces_code_format";

alter table "public"."provinces" add constraint "provinces_delivery_fee_cents_check" CHECK (((delivery_fee_cents >= 0) AND (delivery_fee_cents <= 10000))) not valid;

alter table "public"."provinces" validate constraint "provinces_delivery_fee_cents_check";

alter table "public"."provinces" add constraint "provinces_delivery_hours_max_check" CHECK (((delivery_hours_max >= 1) AND (delivery_hours_max <= 720))) not valid;

alter table "public"."provinces" validate constraint "provinces_delivery_hours_max_check";

alter table "public"."provinces" add constraint "provinces_delivery_hours_min_check" CHECK (((delivery_hours_min >= 1) AND (delivery_hours_min <= 720))) not valid;

alter table "public"."provinces" validate constraint "provinces_delivery_hours_min_check";

alter table "public"."provinces" add constraint "provinces_delivery_hours_order" CHECK ((delivery_hours_min <= delivery_hours_max)) not valid;

alter table "public"."provinces" validate constraint "provinces_delivery_hours_order";

alter table "public"."provinces" add constraint "provinces_kind_check" CHECK ((kind = ANY (ARRAY['capital'::place_kind, 'province'::place_kind]))) not valid;

alter table "public"."provinces" validate constraint "provinces_kind_check";

alter table "public"."provinces" add constraint "provinces_name_en_check" CHECK (((length(name_en) >= 1) AND (length(name_en) <= 100))) not valid;

alter table "public"."provinces" validate constraint "provinces_name_en_check";

alter table "public"."provinces" add constraint "provinces_name_km_check" CHECK (((length(name_km) >= 1) AND (length(name_km) <= 100))) not valid;

alter table "public"."provinces" validate constraint "provinces_name_km_check";

set check_function_bodies = off;

CREATE OR REPLACE FUNCTION private.place_order(p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid, p_recipient_name text DEFAULT NULL::text, p_address_line text DEFAULT NULL::text, p_landmark text DEFAULT NULL::text, p_delivery_note text DEFAULT NULL::text, p_province text DEFAULT NULL::text)
 RETURNS orders
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  link public.affiliate_links;
  campaign public.campaigns;
  place public.communes;
  fee integer;
  new_order public.orders;
  closed_reason text;
  click public.link_clicks;
begin
  if p_client_ip is null or trim(p_client_ip) = '' then
    raise exception 'Client address is required' using errcode = '22023';
  end if;
  -- A person places an order in tens of seconds; scripts do not get to flood a shop. The locks
  -- make parallel checkouts from one phone or address count one after another.
  perform pg_advisory_xact_lock(hashtextextended('checkout:phone:' || p_customer_phone, 0));
  perform pg_advisory_xact_lock(hashtextextended('checkout:ip:' || p_client_ip, 0));
  if (select count(*) from private.checkout_attempts
      where customer_phone = p_customer_phone and attempted_at > now() - interval '1 minute') >= 3
     or (select count(*) from private.checkout_attempts
      where client_ip = p_client_ip and attempted_at > now() - interval '1 minute') >= 20 then
    raise exception 'Too many orders in a short time. Please wait a minute and try again.' using errcode = 'P0429';
  end if;

  select * into link from public.affiliate_links
  where influencer_id = p_influencer_id and campaign_id = p_campaign_id and status = 'approved';
  if not found then
    raise exception 'This affiliate link is not valid' using errcode = 'P0002';
  end if;
  select * into campaign from public.campaigns where id = p_campaign_id;
  closed_reason := private.link_closed_reason(campaign.status, campaign.start_date, campaign.end_date,
    (select u.status from public.users u where u.id = link.influencer_id),
    (select u.status from public.users u where u.id = campaign.business_id));
  if closed_reason is not null then
    raise exception '%', closed_reason using errcode = '55000';
  end if;
  if nullif(btrim(p_recipient_name), '') is null then
    raise exception 'Recipient name is required' using errcode = '22023', column = 'recipient_name';
  end if;
  if nullif(btrim(p_address_line), '') is null then
    raise exception 'Address is required' using errcode = '22023', column = 'address_line';
  end if;
  select * into place from public.find_commune(p_province, p_district, p_commune);
  if not found then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  select q.fee_cents into fee from public.delivery_quote(place.code) q;
  if fee is null then
    raise exception 'We do not deliver to % in % yet', p_commune, p_district using errcode = '22023';
  end if;
  if p_click_id is not null then
    select * into click from public.link_clicks where id = p_click_id and affiliate_link_id = link.id;
  end if;

  insert into private.checkout_attempts (customer_phone, client_ip) values (p_customer_phone, p_client_ip);
  delete from private.checkout_attempts where attempted_at < now() - interval '1 hour';

  insert into public.orders (campaign_id, affiliate_link_id, business_id, influencer_id, product_name,
    unit_price_cents, commission_rate, quantity, delivery_fee_cents, delivery_district, delivery_commune,
    delivery_commune_code, click_id, source)
  values (campaign.id, link.id, campaign.business_id, link.influencer_id, campaign.product_name,
    campaign.price_cents, campaign.commission_rate, p_quantity, fee,
    (select d.name_en from public.districts d where d.code = place.district_code), place.name_en,
    place.code, click.id, click.source)
  returning * into new_order;
  -- Blank optional parts are stored as null, and every part trimmed.
  insert into private.order_contacts (order_id, customer_phone, recipient_name, address_line, landmark, delivery_note)
  values (new_order.id, p_customer_phone, btrim(p_recipient_name), btrim(p_address_line),
          nullif(btrim(p_landmark), ''), nullif(btrim(p_delivery_note), ''));
  -- After the contact, so that repeat_phone counts this order too.
  new_order := private.flag_order(new_order, p_customer_phone);
  insert into public.order_status_history (order_id, from_status, to_status, note)
  values (new_order.id, null, 'new_order', 'Order placed at checkout');
  return new_order;
end
$function$
;

CREATE OR REPLACE FUNCTION private.place_order_once(p_idempotency_key text, p_influencer_id uuid, p_campaign_id uuid, p_customer_phone text, p_district text, p_commune text, p_quantity integer, p_client_ip text, p_click_id uuid DEFAULT NULL::uuid, p_recipient_name text DEFAULT NULL::text, p_address_line text DEFAULT NULL::text, p_landmark text DEFAULT NULL::text, p_delivery_note text DEFAULT NULL::text, p_province text DEFAULT NULL::text)
 RETURNS TABLE(order_id uuid, replayed boolean, placed orders, notice_queued boolean)
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  request text;
  earlier private.checkout_idempotency_keys;
  new_order public.orders;
begin
  if p_idempotency_key is null then
    new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                     p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                     p_landmark, p_delivery_note, p_province);
    return query select new_order.id, false, new_order, private.telegram_notice_queued();
    return;
  end if;

  -- What the order is: the same key answers only the same request (the caller's address is not
  -- part of it: a retry from another network is the same order).
  request := encode(sha256(convert_to(concat_ws(E'\n', p_influencer_id, p_campaign_id, p_customer_phone,
                                                p_province, p_district, p_commune, p_quantity, p_click_id,
                                                p_recipient_name, p_address_line, p_landmark, p_delivery_note),
                                      'UTF8')), 'hex');

  -- A second request with this key waits here until the first commits or rolls back.
  perform pg_advisory_xact_lock(hashtextextended('checkout:idempotency:' || p_idempotency_key, 0));
  select * into earlier from private.checkout_idempotency_keys k
  where k.idempotency_key = p_idempotency_key and k.created_at > now() - interval '24 hours';
  if found then
    if earlier.request_hash <> request then
      raise exception 'Idempotency-Key was already used for a different order: send a new key for a new order'
        using errcode = 'P0422', column = 'Idempotency-Key';
    end if;
    return query select o.id, true, o, false from public.orders o where o.id = earlier.order_id;
    return;
  end if;

  new_order := private.place_order(p_influencer_id, p_campaign_id, p_customer_phone, p_district, p_commune,
                                   p_quantity, p_client_ip, p_click_id, p_recipient_name, p_address_line,
                                   p_landmark, p_delivery_note, p_province);
  -- Keys live 24 hours: an expired copy of this key gives way, and older keys are swept.
  delete from private.checkout_idempotency_keys k
  where k.created_at <= now() - interval '24 hours';
  insert into private.checkout_idempotency_keys (idempotency_key, request_hash, order_id)
  values (p_idempotency_key, request, new_order.id);
  return query select new_order.id, false, new_order, private.telegram_notice_queued();
end
$function$
;

CREATE OR REPLACE FUNCTION public.delivery_quote(p_commune_code text)
 RETURNS TABLE(fee_cents integer, hours_min smallint, hours_max smallint)
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select coalesce(z.fee_cents, p.delivery_fee_cents), p.delivery_hours_min, p.delivery_hours_max
  from public.provinces p
  left join public.delivery_zones z on z.commune_code = p_commune_code
  where p.code = left(p_commune_code, 2)
$function$
;

CREATE OR REPLACE FUNCTION public.find_commune(p_province text, p_district text, p_commune text)
 RETURNS SETOF communes
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select c.*
  from public.find_district(p_province, p_district) d
  join public.communes c on c.district_code = d.code
  where c.code = btrim(p_commune) or lower(c.name_en) = lower(btrim(p_commune))
$function$
;

CREATE OR REPLACE FUNCTION public.find_district(p_province text, p_district text)
 RETURNS SETOF districts
 LANGUAGE sql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
  select d.*
  from public.districts d
  join public.provinces p on p.code = d.province_code
  where case when nullif(btrim(p_province), '') is null then p.code = '12' or d.code = btrim(p_district)
             else p.code = btrim(p_province) or lower(p.name_en) = lower(btrim(p_province)) end
    and (d.code = btrim(p_district) or lower(d.name_en) = lower(btrim(p_district)))
$function$
;

CREATE OR REPLACE FUNCTION public.order_delivery_contacts(p_order_ids uuid[])
 RETURNS TABLE(order_id uuid, customer_phone text, recipient_name text, address_line text, landmark text, delivery_note text)
 LANGUAGE plpgsql
 STABLE SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  is_admin boolean := private.has_role('admin');
begin
  if not is_admin and not private.has_role('business') then
    raise exception 'Only admins and the shop can read who receives an order' using errcode = '42501';
  end if;
  return query
    select c.order_id, case when is_admin then c.customer_phone end, c.recipient_name, c.address_line,
           c.landmark, c.delivery_note
    from private.order_contacts c
    join public.orders o on o.id = c.order_id
    where c.order_id = any (p_order_ids) and (is_admin or o.business_id = (select auth.uid()));
end
$function$
;

CREATE OR REPLACE FUNCTION private.audit_delivery_zone_update()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
declare
  changes jsonb := private.audit_changes(to_jsonb(old), to_jsonb(new), array['updated_at']);
  zone_code text := coalesce(to_jsonb(new) ->> 'commune_code', to_jsonb(new) ->> 'code');
begin
  if changes is not null then
    perform private.record_admin_action('delivery_zone.update', 'delivery_zone', zone_code,
      changes || (select jsonb_build_object('province', p.name_en) || coalesce(
                   (select jsonb_build_object('district', d.name_en, 'commune', c.name_en)
                    from public.communes c join public.districts d on d.code = c.district_code
                    where c.code = zone_code), '{}')
                  from public.provinces p where p.code = left(zone_code, 2)));
  end if;
  return null;
end
$function$
;

CREATE OR REPLACE FUNCTION private.queue_telegram_new_order()
 RETURNS trigger
 LANGUAGE plpgsql
 SECURITY DEFINER
 SET search_path TO ''
AS $function$
begin
  insert into private.telegram_outbox (telegram_chat_id, kind, payload)
  select c.id, 'new_order', jsonb_build_object(
    'order_number', o.order_number,
    'product_name', o.product_name,
    'quantity', o.quantity,
    'total_cents', o.total_cents,
    'province', gp.name_en,
    'district', gd.name_en,
    'commune', gc.name_en,
    'province_km', gp.name_km,
    'district_km', gd.name_km,
    'commune_km', gc.name_km,
    'recipient_name', new.recipient_name,
    'address_line', new.address_line,
    'landmark', new.landmark,
    'delivery_note', new.delivery_note)
  from public.orders o
  join public.communes gc on gc.code = o.delivery_commune_code
  join public.districts gd on gd.code = gc.district_code
  join public.provinces gp on gp.code = gd.province_code
  cross join public.telegram_chats c
  join public.users u on u.id = c.user_id
  -- A suspended shop's chats get nothing (public.set_user_status also drops what was waiting).
  where o.id = new.order_id and c.notify_new_orders and u.status = 'approved'
    and (c.user_id = o.business_id or u.user_type = 'admin');
  return null;
end;
$function$
;

create or replace view "private"."recomputed_order_counts" as  SELECT s.scope,
    s.scope_id,
    o.status,
    o.cancellation_reason,
    count(*) AS orders,
    (sum(o.subtotal_cents))::bigint AS subtotal_cents,
    (sum(o.commission_cents))::bigint AS commission_cents
   FROM (orders o
     CROSS JOIN LATERAL ( VALUES ('platform'::order_count_scope,private.platform_scope_id()), ('business'::order_count_scope,o.business_id), ('influencer'::order_count_scope,o.influencer_id), ('link'::order_count_scope,o.affiliate_link_id)) s(scope, scope_id))
  GROUP BY s.scope, s.scope_id, o.status, o.cancellation_reason;


create or replace view "private"."recomputed_unrequested_earning_hours" as  SELECT u.account_id,
    private.held_for_review(u.line, o.review_status) AS held,
    private.earning_hour(u.earned_at) AS earned_hour,
    (sum(u.amount_cents))::bigint AS amount_cents
   FROM (private.recomputed_unrequested_earnings u
     JOIN orders o ON ((o.id = u.order_id)))
  GROUP BY u.account_id, (private.held_for_review(u.line, o.review_status)), (private.earning_hour(u.earned_at))
 HAVING (sum(u.amount_cents) <> (0)::numeric);


grant select on table "public"."communes" to "anon";

grant select on table "public"."communes" to "authenticated";

grant delete on table "public"."communes" to "service_role";

grant insert on table "public"."communes" to "service_role";

grant references on table "public"."communes" to "service_role";

grant select on table "public"."communes" to "service_role";

grant trigger on table "public"."communes" to "service_role";

grant truncate on table "public"."communes" to "service_role";

grant update on table "public"."communes" to "service_role";

grant select on table "public"."districts" to "anon";

grant select on table "public"."districts" to "authenticated";

grant delete on table "public"."districts" to "service_role";

grant insert on table "public"."districts" to "service_role";

grant references on table "public"."districts" to "service_role";

grant select on table "public"."districts" to "service_role";

grant trigger on table "public"."districts" to "service_role";

grant truncate on table "public"."districts" to "service_role";

grant update on table "public"."districts" to "service_role";

grant select on table "public"."provinces" to "anon";

grant select on table "public"."provinces" to "authenticated";

grant delete on table "public"."provinces" to "service_role";

grant insert on table "public"."provinces" to "service_role";

grant references on table "public"."provinces" to "service_role";

grant select on table "public"."provinces" to "service_role";

grant trigger on table "public"."provinces" to "service_role";

grant truncate on table "public"."provinces" to "service_role";

grant update on table "public"."provinces" to "service_role";


  create policy "Anyone can read communes"
  on "public"."communes"
  as permissive
  for select
  to anon, authenticated
using (true);



  create policy "Anyone can read districts"
  on "public"."districts"
  as permissive
  for select
  to anon, authenticated
using (true);



  create policy "Admins can change province fees and estimates"
  on "public"."provinces"
  as permissive
  for update
  to authenticated
using (( SELECT private.has_role('admin'::user_type) AS has_role))
with check (( SELECT private.has_role('admin'::user_type) AS has_role));



  create policy "Anyone can read provinces"
  on "public"."provinces"
  as permissive
  for select
  to anon, authenticated
using (true);


CREATE TRIGGER order_contacts_queue_telegram AFTER INSERT ON private.order_contacts FOR EACH ROW EXECUTE FUNCTION private.queue_telegram_new_order();

CREATE TRIGGER provinces_audit AFTER UPDATE ON public.provinces FOR EACH ROW EXECUTE FUNCTION private.audit_delivery_zone_update();

CREATE TRIGGER provinces_touch_updated_at BEFORE UPDATE ON public.provinces FOR EACH ROW EXECUTE FUNCTION private.touch_updated_at();

-- What migra leaves out: privileges, column grants and comments ----------------------------------

revoke all on public.provinces, public.districts, public.communes, public.delivery_zones from anon, authenticated;
grant select on public.provinces, public.districts, public.communes, public.delivery_zones to anon, authenticated;
grant update (fee_cents) on public.delivery_zones to authenticated;
grant update (delivery_fee_cents, delivery_hours_min, delivery_hours_max) on public.provinces to authenticated;
grant all on public.provinces, public.districts, public.communes, public.delivery_zones to service_role;

revoke execute on function public.find_district(text, text) from public;
grant execute on function public.find_district(text, text) to anon, authenticated, service_role;
revoke execute on function public.find_commune(text, text, text) from public;
grant execute on function public.find_commune(text, text, text) to anon, authenticated, service_role;
revoke execute on function public.delivery_quote(text) from public;
grant execute on function public.delivery_quote(text) to anon, authenticated, service_role;
revoke execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function private.place_order(uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) to service_role;
revoke execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) from public;
grant execute on function private.place_order_once(text, uuid, uuid, text, text, text, integer, text, uuid, text, text, text, text, text) to service_role;
revoke execute on function public.order_delivery_contacts(uuid[]) from public, anon;
grant execute on function public.order_delivery_contacts(uuid[]) to authenticated, service_role;

revoke all on private.recomputed_order_counts from public, anon, authenticated, service_role;
revoke all on private.recomputed_unrequested_earning_hours from public, anon, authenticated, service_role;

comment on type public.place_kind is 'What the gazetteer calls a place: a capital or province; a khan, srok or krong (district); a sangkat or khum (commune).';
comment on table public.provinces is 'Cambodia''s 25 provinces (the capital included) with the delivery fee to any of their communes (cents; null: by commune) and the delivery estimate in hours.';
comment on table public.districts is 'The districts (khan, srok, krong) of each province, with their gazetteer codes.';
comment on table public.communes is 'The communes (sangkat, khum) of each district, with their gazetteer codes.';
comment on table public.delivery_zones is 'The delivery fee (cents) to each commune priced on its own: the sangkats of Phnom Penh.';
comment on function public.find_district is 'The district named by province and district, each a gazetteer code or a Latin name (province: Phnom Penh when null or empty, or the district code''s).';
comment on function public.find_commune is 'The commune named by province, district and commune, each a gazetteer code or a Latin name (see public.find_district).';
comment on function public.delivery_quote is 'The delivery fee (cents; null when not delivered to) and estimate (hours) to a commune: its own fee (Phnom Penh) or its province''s.';
comment on table private.order_contacts is 'The customer''s phone and address per order, kept out of public.orders so influencers and realtime never see them.';
comment on column private.checkout_idempotency_keys.request_hash is 'sha256 of the order''s inputs (link, phone, place, quantity, click, recipient and address): a key answers only the request it was first sent with.';
comment on function private.place_order is 'Checkout: validates the link, the campaign (active and within its dates), the recipient and address, the place (a commune of the gazetteer with a fee) and rate limit, creates the order with server-side amounts, attributed to the given click when it was on the same link, flags it (private.flag_order) and returns it as stored.';
comment on function private.place_order_once is 'Checkout with an Idempotency-Key: the same key within 24 hours answers the first order (replayed) and creates nothing; another request with that key is refused (P0422).';
comment on function public.order_delivery_contacts is 'The recipient, address, landmark and note of each given order for an approved admin or the order''s shop; the customer''s phone for an admin only.';
comment on function private.audit_delivery_zone_update is 'Trigger: records an admin''s change of a Phnom Penh sangkat''s fee or a province''s fee or estimate.';
