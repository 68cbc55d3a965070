import { seedRequests } from './seed';
await seedRequests({ databaseUrl: process.env.DB!, dataDir: '/tmp/seeddir' }, 100_000);
console.log('seeded');
